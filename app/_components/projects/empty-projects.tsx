import Link from "next/link";
import { buttonClass } from "../button";
import { CodeSpan } from "../code-span";
import { CopyButton } from "../copy-button";
import { EmptyPage } from "../empty-state";
import { cliCommand } from "@/lib/auth/token-snippets";
import { ingestCurl } from "./ingest-curl";
import { NewProjectButton } from "./new-project-button";

/** A command to paste into a terminal, with its copy button. */
function Command({ testId, text, copyLabel }: { testId: string; text: string; copyLabel: string }) {
  return (
    <div className="mt-2 flex items-start gap-2 rounded-md bg-zinc-100 p-3 dark:bg-zinc-950">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 font-mono text-xs break-all text-zinc-800 dark:text-zinc-200"
      >
        {text}
      </code>
      <CopyButton text={text} label={copyLabel} />
    </div>
  );
}

/**
 * First-run state for an admin: what Starlight does, the upload page, the import of an agent's history from a
 * terminal (this install's CLI, by its real path) and the one command that sends a file from a script.
 */
export function EmptyProjects({ origin }: { origin: string }) {
  const curl = ingestCurl(origin, "my-app");
  const importHistory = `STARLIGHT_URL=${origin} ${cliCommand(process.cwd())} import ~/.claude/projects`;
  return (
    <EmptyPage
      titleId="empty-title"
      title="No projects yet"
      intro="Starlight reads your coding agents' sessions, sorts each into a memory category and learns rules from what worked. Upload your Claude Code, Codex, Gemini CLI, Antigravity CLI or OpenCode sessions, or ACOS files, to begin:"
    >
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link href="/upload" className={buttonClass({ variant: "primary" })}>
          Upload files
        </Link>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">files, folders or a zip, from your browser</span>
      </div>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        Or import an agent&apos;s whole history from a terminal, with an API token from{" "}
        <Link href="/settings#tokens" className="font-medium text-sky-700 hover:underline dark:text-sky-300">
          Settings
        </Link>{" "}
        in <CodeSpan>STARLIGHT_TOKEN</CodeSpan> (<CodeSpan>~/.codex</CodeSpan> and <CodeSpan>~/.gemini</CodeSpan> work
        the same; later runs send only what is new):
      </p>
      <Command testId="import-command" text={importHistory} copyLabel="Copy the import command" />
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Or send a file of sessions from a script:</p>
      <Command testId="ingest-curl" text={curl} copyLabel="Copy command" />
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        The body can be JSON, a JSON array or JSONL; the project is created on first upload. For sample data, run{" "}
        <CodeSpan>npm run demo</CodeSpan>.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <NewProjectButton />
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          an empty project, to give people access before any data arrives
        </span>
      </div>
    </EmptyPage>
  );
}
