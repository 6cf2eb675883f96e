import { parseCommand } from "@/lib/shell/purpose";
import { wasRefused } from "@/lib/ingest/refusal";
import { EDIT_TOOLS } from "./commands";
import { isHostile, isSuggestible } from "./command-safety";
import { MIN_OCCURRENCES, type FailureItem, type KnowledgeOperation, type KnowledgeSession, type Misuse } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { errorSignature } from "./signature";

/** Tool errors whose remedy is known, by the words of the error. */
const MISUSE_PATTERNS: ReadonlyArray<readonly [RegExp, Misuse]> = [
  [/string to replace not found/i, "edit-not-found"],
  [/found \d+ matches of the string to replace|matches of the string to replace, but replace_all is false/i, "edit-not-unique"],
  [/file has not been read yet|read it first before writing/i, "not-read"],
  [/file has been (?:unexpectedly )?modified since (?:it was )?read/i, "modified-since-read"],
];
const NO_SUCH_FILE = /no such file or directory|can't open file|cannot find the path|not found/i;
const MAX_ITEMS = 10;

/** The words of a command that name a relative path (`src/x.py`, `./run.sh`, `tests`). */
const relativePaths = (command: string) => command.split(/\s+/).filter((w) => /^(?:\.{1,2}\/|[\w-]+\/)[\w./-]*$/.test(w));

function misuseOf(op: KnowledgeOperation, cdBefore: boolean): Misuse | null {
  const text = op.output ?? "";
  const known = MISUSE_PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
  if (known) return known;
  if (op.tool === "Bash" && cdBefore && op.command !== null && NO_SUCH_FILE.test(text) && relativePaths(op.command).length > 0) return "cd-relative";
  return null;
}

/**
 * The first later shell call of the same purpose that passed with a different exact form: what worked instead; null
 * when that form may not be suggested (lib/knowledge/command-safety.ts). Hostile calls are passed over.
 */
function laterFix(ops: readonly KnowledgeOperation[], from: number, failed: string, purposes: ReadonlySet<string>, head: string): string | null {
  for (let i = from + 1; i < ops.length; i++) {
    const op = ops[i]!;
    if (op.command === null) continue;
    const parsed = parseCommand(op.command);
    if (!parsed || isHostile(parsed.exact)) continue;
    const related = parsed.steps.some((s) => purposes.has(s.purpose)) || parsed.exact.split(/\s+/)[0] === head;
    if (!related) continue;
    if (op.isError) continue;
    return parsed.exact === failed || !isSuggestible(parsed.exact) ? null : parsed.exact;
  }
  return null;
}

interface Group {
  item: Omit<FailureItem, "evidence">;
  tally: EvidenceTally;
}

/**
 * Failures that recur (MIN_OCCURRENCES) with what worked: a failing shell call whose error signature repeats and
 * that a later call of the same purpose, in a different form, passed; and tool misuse with a known remedy
 * (an Edit whose text was not found or not unique, a write to a file not read, a relative path that failed
 * after an earlier `cd` moved the shell).
 */
export function mineFailures(sessions: readonly KnowledgeSession[]): FailureItem[] {
  const groups = new Map<string, Group>();
  for (const session of sessions) {
    let cdBefore = false;
    session.operations.forEach((op, index) => {
      const parsed = op.tool === "Bash" && op.command !== null ? parseCommand(op.command) : null;
      if (op.isError && !wasRefused(op)) {
        const at = op.at ?? session.startedAt;
        const misuse = misuseOf(op, cdBefore);
        const signature = errorSignature(op.output);
        if (misuse) {
          const tool = misuse === "cd-relative" ? "Bash" : EDIT_TOOLS.has(op.tool) ? "Edit" : op.tool;
          const group = entry(groups, `failure:${misuse}`, () => ({
            item: { kind: "failure" as const, key: `failure:${misuse}`, tool, command: null, signature: signature ?? "", fix: { misuse } },
            tally: new EvidenceTally(),
          }));
          group.tally.add(session.id, op.seq, at);
        } else if (parsed && signature && isSuggestible(parsed.exact)) {
          const purposes = new Set(parsed.steps.map((s) => s.purpose));
          const fix = laterFix(session.operations, index, parsed.exact, purposes, parsed.exact.split(/\s+/)[0] ?? "");
          if (fix) {
            const form = parsed.steps[0]?.canonical ?? parsed.exact.split(/\s+/)[0]!;
            const key = `failure:command:${form}:${signature}`;
            const group = entry(groups, key, () => ({
              item: { kind: "failure" as const, key, tool: "Bash", command: parsed.exact, signature, fix: { command: fix } },
              tally: new EvidenceTally(),
            }));
            group.item = { ...group.item, command: parsed.exact, fix: { command: fix } };
            group.tally.add(session.id, op.seq, at);
          }
        }
      }
      if (parsed?.changesDirectory && !op.isError) cdBefore = true;
    });
  }
  return [...groups.values()]
    .filter((g) => g.tally.occurrences >= MIN_OCCURRENCES)
    .map((g): FailureItem => ({ ...g.item, evidence: g.tally.evidence() }))
    .sort(byEvidence)
    .slice(0, MAX_ITEMS);
}
