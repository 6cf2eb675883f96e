import { formatDuration } from "@/lib/format";
import type { Prompt } from "@/lib/session";

const CORRECTION: Record<NonNullable<Prompt["after"]>, string> = {
  rejection: "after a refused call",
  interruption: "after an interruption",
};

/**
 * The person's prompts in order, each with its time since the start; a prompt typed right after refusing a tool call
 * or interrupting is marked as a correction. Text as typed (redacted), wrapped.
 */
export function PromptsList({ prompts, startedAt }: { prompts: Prompt[]; startedAt: number }) {
  return (
    <ol className="space-y-3 text-sm">
      {prompts.map((prompt, i) => (
        <li key={i} className="min-w-0">
          <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="tabular-nums">#{i + 1}</span>
            {prompt.at !== null && (
              <span className="tabular-nums">+{formatDuration(Math.max(0, prompt.at - startedAt))}</span>
            )}
            {prompt.after && (
              <span className="rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-800 dark:bg-amber-400/10 dark:text-amber-300">
                correction, {CORRECTION[prompt.after]}
              </span>
            )}
          </div>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{prompt.text}</p>
        </li>
      ))}
    </ol>
  );
}
