import type { CommandItem, FailureItem, KnowledgeItem, PreferenceItem } from "@/lib/knowledge/contract";
import { errorSignature } from "@/lib/knowledge/signature";
import { itemLine } from "@/lib/knowledge/wording";
import { commandFamily } from "@/lib/shell/family";
import { MAX_NOTES, type Note, type ToolCall } from "./contract";

/**
 * Which of a project's knowledge items speak to one tool call (docs/just-in-time.md). Before a shell call: a form
 * that failed here where another form of the same use passed (a command item's failed variants, a failure fixed by a
 * changed command), or the call the user refused when saying what they wanted. Before an edit: what the user said
 * about that file. After a failure: the failures with the same error signature, with what fixed them or that nothing
 * did. Each note is the item's own line (lib/knowledge/wording.ts), which names commands only as code, people's words
 * only as quotes, and leaves out what may never be suggested; an item without such a line gives no note.
 */

/** A command's first line, its spacing collapsed: how two forms are compared. */
const form = (command: string) => (command.split("\n")[0] ?? "").trim().replace(/\s+/g, " ");

function sameForm(a: string, b: string): boolean {
  return form(a) !== "" && form(a) === form(b);
}

/** The form ran here and failed where another form of the same use passed (a different family, or the very same command). */
function failedVariant(item: CommandItem, command: string): boolean {
  const family = commandFamily(command);
  const working = commandFamily(item.example);
  return item.failedVariants.some(
    (v) =>
      sameForm(v.command, command) || (family !== null && family !== working && commandFamily(v.command) === family),
  );
}

/** A failure fixed by running a changed form of the same command. */
const fixedByAnotherForm = (item: FailureItem, command: string) =>
  item.command !== null &&
  item.check !== true &&
  item.fix !== null &&
  "change" in item.fix &&
  item.fix.change.command !== null &&
  sameForm(item.command, command);

/** The user refused a call of this family when they said it. */
function refusedFamily(item: PreferenceItem, command: string): boolean {
  if (item.refused === undefined) return false;
  const family = commandFamily(command);
  return family !== null && family === commandFamily(item.refused);
}

/** The paths a person's words name: `src/gen/`, `schema.generated.ts`, `dist`. */
function namedPaths(text: string): string[] {
  return text
    .split(/[\s,;:()"'`“”]+/)
    .map((w) =>
      w
        .replace(/^\.\//, "")
        .replace(/[.!?]+$/, "")
        .replace(/\/+$/, ""),
    )
    .filter((w) => w.length >= 3 && (w.includes("/") || /\.[A-Za-z0-9]{1,8}$/.test(w)));
}

/** What the user said names the file, a folder holding it, or its name. */
function namesFile(item: PreferenceItem, file: string): boolean {
  const name = file.split("/").at(-1) ?? file;
  return namedPaths(item.text).some((p) => p === file || file.startsWith(`${p}/`) || (!p.includes("/") && p === name));
}

function matchesBefore(item: KnowledgeItem, call: ToolCall): boolean {
  if (call.command !== null) {
    if (item.kind === "command") return failedVariant(item, call.command);
    if (item.kind === "failure") return fixedByAnotherForm(item, call.command);
    if (item.kind === "preference") return refusedFamily(item, call.command);
    return false;
  }
  return call.file !== null && item.kind === "preference" && namesFile(item, call.file);
}

/** A failure recorded with the same error signature (a check's red tests are the work, not a known failure). */
function matchesAfter(item: KnowledgeItem, signature: string): boolean {
  return item.kind === "failure" && item.check !== true && item.signature === signature;
}

/** Items seen more often, then more recently, first. */
const strongest = (a: KnowledgeItem, b: KnowledgeItem) =>
  b.evidence.occurrences - a.evidence.occurrences ||
  (b.evidence.lastSeen ?? 0) - (a.evidence.lastSeen ?? 0) ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function notesOf(items: KnowledgeItem[]): Note[] {
  return [...items]
    .sort(strongest)
    .flatMap((item) => {
      const line = itemLine(item);
      return line === null ? [] : [{ key: item.key, line }];
    })
    .slice(0, MAX_NOTES);
}

/**
 * The notes for a call about to run: none when nothing the project learnt speaks to it. A command item that names
 * the working form says it all; the failure of the same form is kept for after the call, should it fail.
 */
export function notesBefore(call: ToolCall, items: readonly KnowledgeItem[]): Note[] {
  const matched = items.filter((item) => matchesBefore(item, call));
  const named = matched.some((item) => item.kind === "command");
  return notesOf(named ? matched.filter((item) => item.kind !== "failure") : matched);
}

/** The notes for a call that failed: what fixed the same error here, or that nothing did. */
export function notesAfter(call: ToolCall, items: readonly KnowledgeItem[]): Note[] {
  const signature = errorSignature(call.error);
  if (signature === null) return [];
  return notesOf(items.filter((item) => matchesAfter(item, signature)));
}
