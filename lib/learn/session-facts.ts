import { wasRefused } from "@/lib/ingest/refusal";
import { addressesReader, errorLine, errorSignature } from "@/lib/knowledge/signature";
import { isVerificationCommand } from "@/lib/learn/verification";
import { commandFamily } from "@/lib/shell/family";
import type { Operation } from "@/lib/session";

/**
 * Facts read from a session's ordered tool calls and their outputs: the error that mattered
 * (the first failed call that the person did not refuse), how it was resolved (the next successful call of the same
 * command family, or of the same tool on the same file), and the commands that mattered.
 */

/** Families of commands that only look around (or shell keywords): they never matter on their own. */
const LOOKING =
  /^(?:ls|cat|pwd|echo|head|tail|grep|rg|find|wc|which|tree|mkdir|for|while|if|do|then|git (?:status|diff|log|show|branch|remote))$/;

/** Whether a command family only looks around (`ls`, `git status`, …), so it says nothing about the project. */
export const looksAround = (family: string) => LOOKING.test(family);

/** Tools that change files. */
const EDIT_TOOLS: ReadonlySet<string> = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);

const SIGNATURE_LENGTH = 120;
const SHOWN_COMMAND = 70;

/** A command as a reader recognises it: itself when it is one short line, else its family and "…". */
export function shownCommand(command: string): string {
  const flat = command.trim();
  if (!flat.includes("\n") && flat.length <= SHOWN_COMMAND) return flat;
  return `${commandFamily(flat) ?? flat.slice(0, SHOWN_COMMAND - 2)} …`;
}

/**
 * The line of a failed call's output that says what went wrong (lib/knowledge/signature.ts), as written, capped;
 * reduced to its signature when it addresses a reader, so error text never reads as an order to an agent.
 */
export function failureLine(output: string): string | null {
  const line = errorLine(output);
  if (line !== null && addressesReader(line)) return errorSignature(output);
  return line === null || line.length <= SIGNATURE_LENGTH ? line : `${line.slice(0, SIGNATURE_LENGTH - 1)}…`;
}

/** What an error lesson reads of a call: a stored session's operation, or what knowledge mining loads of one. */
export type LessonOperation = Pick<Operation, "tool" | "file" | "command" | "isError" | "output">;

export interface ErrorLesson<O extends LessonOperation = Operation> {
  failed: O;
  signature: string | null;
  /** The next successful call of the same family, or null when the session never got past it. */
  resolvedBy: O | null;
  /** The last change made before that call (an edit, or a command that is not looking around), if any. */
  after: O | null;
}

/** Shell commands of one family, or calls of one tool on one file. */
function sameFamily(a: LessonOperation, b: LessonOperation): boolean {
  if (a.command !== null && b.command !== null) return commandFamily(a.command) === commandFamily(b.command);
  return a.command === null && b.command === null && a.tool === b.tool && a.file === b.file;
}

/** The first failed call the person did not refuse, and the call that got past it. */
export function errorLesson<O extends LessonOperation>(ops: readonly O[]): ErrorLesson<O> | null {
  const at = ops.findIndex((op) => op.isError && !wasRefused(op));
  const failed = ops[at];
  if (failed === undefined) return null;
  const next = ops.slice(at + 1).findIndex((op) => !op.isError && sameFamily(failed, op));
  const resolvedBy = next < 0 ? null : (ops[at + 1 + next] as O);
  const between = next < 0 ? [] : ops.slice(at + 1, at + 1 + next);
  const after =
    between.findLast(
      (op) =>
        !op.isError &&
        (EDIT_TOOLS.has(op.tool) || (op.command !== null && !looksAround(commandFamily(op.command) ?? "ls"))),
    ) ?? null;
  return { failed, signature: failed.output === null ? null : failureLine(failed.output), resolvedBy, after };
}

/**
 * The commands that mattered, most run first: builds, tests and linters before the others, looking-around commands
 * (`ls`, `git status`, …) left out. Each with the number of times it ran.
 */
export function mainCommands(ops: readonly Operation[], limit: number): { command: string; runs: number }[] {
  const runs = new Map<string, { runs: number; verifies: boolean; first: number }>();
  ops.forEach((op, i) => {
    if (op.command === null) return;
    const family = commandFamily(op.command);
    if (family === null || looksAround(family)) return;
    const command = shownCommand(op.command);
    const seen = runs.get(command) ?? { runs: 0, verifies: isVerificationCommand(op.command), first: i };
    seen.runs++;
    runs.set(command, seen);
  });
  return [...runs]
    .sort(([, a], [, b]) => Number(b.verifies) - Number(a.verifies) || b.runs - a.runs || a.first - b.first)
    .slice(0, limit)
    .map(([command, { runs: n }]) => ({ command, runs: n }));
}
