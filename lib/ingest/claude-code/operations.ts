import { stringField } from "@/lib/ingest/claude-code/lines";
import type { ToolCall, ToolOutcome } from "@/lib/ingest/claude-code/scan";
import type { Operation } from "@/lib/session";

/** Tools whose target file is read (a successful call), and tools that change it. */
const READ_TOOLS: ReadonlySet<string> = new Set(["Read", "NotebookRead", "Grep", "Glob"]);
const EDIT_TOOLS: ReadonlySet<string> = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);

function targetFile(call: ToolCall): string | null {
  return (
    stringField(call.input, "file_path") ?? stringField(call.input, "notebook_path") ?? stringField(call.input, "path")
  );
}

/**
 * The tool calls of a session's files (the main transcript first, then its sub-agents) as one ordered
 * list: by time, ties and calls without a time keeping their file's order (a call without a timestamp
 * takes the time of the call before it in its file). Each call's error flag and output come from its
 * paired result: `is_error` or a refusal by the person, and the result's excerpt (failed calls and shell
 * commands only).
 */
export function toOperations(
  files: ReadonlyArray<readonly ToolCall[]>,
  outcomes: ReadonlyMap<string, ToolOutcome>,
): Operation[] {
  const keyed: { call: ToolCall; at: number; file: number; index: number }[] = [];
  files.forEach((calls, file) => {
    let at = -Infinity;
    calls.forEach((call, index) => {
      at = call.at ?? at;
      keyed.push({ call, at, file, index });
    });
  });
  keyed.sort((a, b) => a.at - b.at || a.file - b.file || a.index - b.index);
  return keyed.map(({ call }, seq) => {
    const outcome = call.id === null ? undefined : outcomes.get(call.id);
    const command = stringField(call.input, "command");
    return {
      seq,
      tool: call.tool,
      file: targetFile(call),
      command,
      isError: outcome?.isError ?? false,
      at: call.at,
      delegated: call.delegated,
      output: outcome?.output ?? null,
    };
  });
}

/** Files read and files modified by successful calls, each once, in the order first touched. */
export function touchedFiles(ops: readonly Operation[]): { filesRead: string[]; filesModified: string[] } {
  const read = new Set<string>();
  const modified = new Set<string>();
  for (const op of ops) {
    if (op.file === null || op.isError) continue;
    if (READ_TOOLS.has(op.tool)) read.add(op.file);
    else if (EDIT_TOOLS.has(op.tool)) modified.add(op.file);
  }
  return { filesRead: [...read], filesModified: [...modified] };
}

export function toolBreakdown(ops: readonly Operation[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const op of ops) counts.set(op.tool, (counts.get(op.tool) ?? 0) + 1);
  return Object.fromEntries(counts);
}
