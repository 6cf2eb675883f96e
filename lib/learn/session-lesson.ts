import { isConfigPath } from "@/lib/learn/classify";
import { errorLesson, looksAround, mainCommands, shownCommand, type ErrorLesson } from "@/lib/learn/session-facts";
import { commandFamily } from "@/lib/shell/family";
import { runsGit } from "@/lib/shell/split";
import type { MemoryCategory, Operation, Session, SessionFeatures } from "@/lib/session";

/**
 * A session's memory as a lesson, from its ordered operations: the task (its first prompt) and the longest later
 * request (a session often starts with a chore and does its main work after), the outcome and what it rests on,
 * the error that mattered and what got past it, the person's first correction, the commands and the files. At most
 * MAX_CONTENT characters: when everything does not fit, the least telling parts (files, then the correction, then
 * the commands, some and then all, then the later request) are left out. Its tags add the commands' programs and
 * the files' names, so a search for `pytest` or `renderer.py` finds the session.
 */

const MAX_CONTENT = 600;
const TASK_TEXT = 140;
const CORRECTION_TEXT = 120;
/** A later prompt shorter than this is a reply ("thanks", "go on"), not a request. */
const LATER_REQUEST_MIN = 40;
const LATER_REQUEST_TEXT = 100;
const SHOWN_COMMANDS = 4;
const SHOWN_FILES = 4;
const TAGGED_FILES = 8;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const basename = (file: string) => file.replace(/\/+$/, "").replace(/^.*\//, "");

/** One line of at most `max` characters, "…" marking a cut, without the full stop a sentence adds. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim().replace(/\.+$/, "");
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** How a session of each category ended, as its memory says it. */
export const VERB: Record<MemoryCategory, string> = {
  error: "failed",
  pattern: "succeeded",
  decision: "finished",
  preference: "finished",
  insight: "finished",
};

function outcome(t: Session, f: SessionFeatures, category: MemoryCategory, ops: readonly Operation[]): string {
  const notes: string[] = [];
  const ran = (subcommand: "commit" | "push") =>
    ops.some((op) => !op.isError && op.command !== null && runsGit(op.command, subcommand));
  if (ran("push")) notes.push("committed and pushed");
  else if (ran("commit")) notes.push("committed");
  if (f.verifiedAfterEdit === true) notes.push(`final check ${f.verificationPassed ? "passed" : "failed"}`);
  if (f.verifiedAfterEdit === false) notes.push("not checked after the last edit");
  const refused = t.events?.rejectedToolCalls ?? 0;
  const failed = (f.toolErrors ?? 0) - refused;
  if (failed > 0) notes.push(plural(failed, "failed call"));
  if (refused > 0) notes.push(plural(refused, "refused call"));
  if (t.events?.interruptions) notes.push(plural(t.events.interruptions, "interruption"));
  if (category === "decision" && t.filesModified.some(isConfigPath)) notes.push("changed configuration");
  return `Outcome: ${f.domain} session ${VERB[category]} (${t.success.score.toFixed(2)})${notes.length > 0 ? `: ${notes.join(", ")}` : ""}.`;
}

const callName = (op: Operation) =>
  op.command !== null ? `\`${shownCommand(op.command)}\`` : `${op.tool}${op.file ? ` ${basename(op.file)}` : ""}`;

function resolution({ failed, resolvedBy, after }: ErrorLesson): string {
  if (resolvedBy === null) return "not resolved in the session";
  const retried =
    failed.command !== null
      ? resolvedBy.command === failed.command
      : failed.file !== null && resolvedBy.file === failed.file;
  if (retried) return after === null ? "passed when retried" : `passed after ${callName(after)}`;
  return `fixed by ${resolvedBy.command !== null ? callName(resolvedBy) : `a later ${callName(resolvedBy)}`}`;
}

function errorSentence(lesson: ErrorLesson): string {
  return `Error: ${callName(lesson.failed)} failed${lesson.signature ? ` with "${lesson.signature}"` : ""}; ${resolution(lesson)}.`;
}

function correctionSentence(t: Session): string | null {
  const prompt = t.prompts.find((p) => p.after !== null);
  if (prompt === undefined) return null;
  return `Correction after ${prompt.after === "rejection" ? "a refused call" : "an interruption"}: "${clip(prompt.text, CORRECTION_TEXT)}".`;
}

/** Of the prompts after the first, the longest that asks for something (not a correction, not a short reply). */
function laterRequest(t: Session): string | null {
  const later = t.prompts.slice(1).filter((p) => p.after === null && p.text.trim().length >= LATER_REQUEST_MIN);
  const longest = later.reduce<string | null>(
    (best, p) => (best === null || p.text.length > best.length ? p.text : best),
    null,
  );
  return longest === null ? null : `Later asked: "${clip(longest, LATER_REQUEST_TEXT)}".`;
}

function listed(label: string, items: readonly string[], total: number): string {
  const more = total - items.length;
  return `${label}: ${items.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`;
}

/** What a search should find the session by: the programs it ran and the files it touched. */
function lessonTags(ops: readonly Operation[], t: Session, lesson: ErrorLesson | null): string[] {
  const programs = ops.flatMap((op) => {
    const family = op.command === null ? null : commandFamily(op.command);
    if (family === null || looksAround(family)) return [];
    const words = family.split(" ");
    return words[1] === "-m" ? [words[0] as string, words[2] as string] : [words[0] as string];
  });
  const files = [...t.filesModified.slice(0, TAGGED_FILES), ...(lesson?.failed.file ? [lesson.failed.file] : [])].map(
    basename,
  );
  return [...programs, ...files];
}

type Part = [text: string | null, rank: number];

/** The parts' texts in reading order, the lowest ranks left out first until the whole fits in MAX_CONTENT. */
function fitted(parts: readonly Part[]): Part[] {
  const kept = parts.filter((p): p is [string, number] => p[0] !== null);
  const length = () => kept.reduce((n, [text]) => n + text.length + 1, -1);
  while (length() > MAX_CONTENT && kept.length > 1) {
    const lowest = kept.reduce((low, part, i) => (part[1] < (kept[low] as [string, number])[1] ? i : low), 0);
    kept.splice(lowest, 1);
  }
  return kept;
}

const COMMANDS_RANK = 3;

export function sessionLesson(
  t: Session,
  f: SessionFeatures,
  category: MemoryCategory,
  ops: readonly Operation[],
): { content: string; tags: string[] } {
  const lesson = errorLesson(ops);
  const commands = mainCommands(ops, SHOWN_COMMANDS).map(
    ({ command, runs }) => `\`${command}\`${runs > 1 ? ` ×${runs}` : ""}`,
  );
  const files = t.filesModified.slice(0, SHOWN_FILES).map(basename);
  // In reading order, each with its rank: the lowest ranks are left out first when the whole is too long.
  const parts = (shown: number): Part[] => [
    [t.task ? `Task: ${clip(t.task, TASK_TEXT)}.` : null, 5],
    [laterRequest(t), 3.5],
    [outcome(t, f, category, ops), 6],
    [lesson ? errorSentence(lesson) : null, 4],
    [correctionSentence(t), 2],
    [commands.length > 0 ? listed("Commands", commands.slice(0, shown), commands.length) : null, COMMANDS_RANK],
    [files.length > 0 ? listed("Files changed", files, t.filesModified.length) : null, 1],
  ];
  // Fewer commands rather than none, when the first of them still fit.
  let kept = fitted(parts(commands.length));
  for (let shown = commands.length - 1; shown >= 1 && !kept.some(([, rank]) => rank === COMMANDS_RANK); shown--) {
    const fewer = fitted(parts(shown));
    if (fewer.some(([, rank]) => rank === COMMANDS_RANK)) kept = fewer;
  }
  return { content: kept.map(([text]) => text).join(" "), tags: lessonTags(ops, t, lesson) };
}
