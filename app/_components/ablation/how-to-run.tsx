import { CopyButton } from "../copy-button";

/** The command that runs an ablation of this project, with the example suite and a real agent CLI. */
export function HowToRun({ slug }: { slug: string }) {
  const command = [
    `npx starlight ablate --project ${slug} \\`,
    "  --suite examples/ablation-suite --runs 3 \\",
    `  --agent 'claude -p "$STARLIGHT_PROMPT" --dangerously-skip-permissions'`,
  ].join("\n");
  return (
    <div className="space-y-2 text-sm text-zinc-600 dark:text-zinc-400">
      <p className="text-pretty">
        An ablation runs the same tasks with this project&apos;s guidance written into the agent&apos;s context and
        without it, in a random order, and judges each run by the task&apos;s own check. From the Starlight folder, with
        a token that may upload to this project in
        <code className="mx-1 font-mono text-xs">STARLIGHT_TOKEN</code>:
      </p>
      <div className="flex items-start gap-2">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {command}
        </pre>
        <CopyButton text={command} label="Copy the command" />
      </div>
      <p className="text-pretty">
        <code className="font-mono text-xs">examples/ablation-suite</code> holds three small Node tasks to try it with.
        To measure this project&apos;s guidance, write a suite of its own tasks: a folder per task with a{" "}
        <code className="font-mono text-xs">task.json</code> (the prompt and the check command that judges the run) and
        the repository or a setup script (docs/ablation.md).
      </p>
      <p>
        Codex:{" "}
        <code className="font-mono text-xs">
          --agent &apos;codex exec --full-auto &quot;$STARLIGHT_PROMPT&quot;&apos; --target agents-md
        </code>
        . Any script works: it runs in the task&apos;s working copy with the prompt in{" "}
        <code className="font-mono text-xs">$STARLIGHT_PROMPT</code>.
      </p>
    </div>
  );
}
