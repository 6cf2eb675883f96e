import { isVerificationCommand } from "@/lib/learn/verification";
import type { Operation, Session, SessionFeatures } from "@/lib/session";

type Unscored = Omit<Session, "success">;

/** Tools that change a file's content. */
const EDIT_TOOLS: ReadonlySet<string> = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
/** Tools that read one file's content. */
const READ_TOOLS: ReadonlySet<string> = new Set(["Read", "NotebookRead"]);
/** Tools that hand work to a sub-agent. */
const DELEGATION_TOOLS: ReadonlySet<string> = new Set(["Task", "Agent"]);

function uniqueCount(...lists: ReadonlyArray<readonly string[]>): number {
  return new Set(lists.flat()).size;
}

/** ACOS keeps tool counts and modified files, not order: what needs order is unknown (null). */
function fromCounts(t: Unscored): SessionFeatures {
  const calls = (tool: string) => t.toolBreakdown[tool] ?? 0;
  const known = Object.keys(t.toolBreakdown).length > 0;
  return {
    operationCount: t.operationCount,
    filesModifiedCount: uniqueCount(t.filesModified),
    filesReadCount: null,
    verifiedAfterEdit: null,
    verificationPassed: null,
    readBeforeEditRatio: null,
    blindEdits: null,
    delegated: known ? [...DELEGATION_TOOLS].some((tool) => calls(tool) > 0) : null,
    toolErrors: null,
    interruptions: t.events?.interruptions ?? null,
    shellOps: calls("Bash"),
    domain: t.domain,
  };
}

/**
 * Read-before-edit over the edited files. An edit *attempt* counts (a rejected "File has not been read
 * yet" edit is exactly a blind edit); a read counts only if it succeeded. A file created by Write counts
 * as a blind edit too: the rule is kept simple rather than guessing which files already existed.
 * With no edits the ratio is null (not applicable).
 */
function readBeforeEdit(ops: readonly Operation[]): { ratio: number | null; blind: number } {
  const read = new Set<string>();
  const edited = new Map<string, boolean>(); // file → read before its first edit
  for (const op of ops) {
    if (op.file === null) continue;
    if (READ_TOOLS.has(op.tool) && !op.isError) read.add(op.file);
    else if (EDIT_TOOLS.has(op.tool) && !edited.has(op.file)) edited.set(op.file, read.has(op.file));
  }
  if (edited.size === 0) return { ratio: null, blind: 0 };
  const readFirst = [...edited.values()].filter(Boolean).length;
  return { ratio: readFirst / edited.size, blind: edited.size - readFirst };
}

/**
 * A verification (build/test/lint/type-check) after the last edit, and whether the last one passed.
 * Only edits that went through count: a refused or failed edit changed nothing to verify.
 */
function verification(ops: readonly Operation[]): { verified: boolean | null; passed: boolean | null } {
  let lastEdit = -1;
  ops.forEach((op, i) => {
    if (EDIT_TOOLS.has(op.tool) && !op.isError) lastEdit = i;
  });
  if (lastEdit < 0) return { verified: null, passed: null };
  let last: Operation | null = null;
  for (const op of ops.slice(lastEdit + 1)) {
    if (op.tool === "Bash" && op.command !== null && isVerificationCommand(op.command)) last = op;
  }
  return last === null ? { verified: false, passed: null } : { verified: true, passed: !last.isError };
}

/** Exact features from the ordered operations (Claude Code transcripts). */
function fromOperations(t: Unscored, ops: readonly Operation[]): SessionFeatures {
  const files = (keep: (op: Operation) => boolean) =>
    ops.filter((op) => op.file !== null && keep(op)).map((op) => op.file as string);
  const { ratio, blind } = readBeforeEdit(ops);
  const { verified, passed } = verification(ops);
  return {
    operationCount: t.operationCount,
    filesModifiedCount: uniqueCount(
      t.filesModified,
      files((op) => EDIT_TOOLS.has(op.tool) && !op.isError),
    ),
    filesReadCount: uniqueCount(
      t.filesRead,
      files((op) => READ_TOOLS.has(op.tool) && !op.isError),
    ),
    verifiedAfterEdit: verified,
    verificationPassed: passed,
    readBeforeEditRatio: ratio,
    blindEdits: blind,
    delegated: ops.some((op) => op.delegated || DELEGATION_TOOLS.has(op.tool)),
    toolErrors: ops.filter((op) => op.isError).length,
    interruptions: t.events?.interruptions ?? null,
    shellOps: ops.filter((op) => op.tool === "Bash").length,
    domain: t.domain,
  };
}

/**
 * The features stored beside each session (docs/architecture.md#features). `interruptions` come from the conversation
 * events, which only transcript parsers see (null for ACOS). The success score is not read, so features
 * can be computed before a heuristic score that needs them.
 */
export function computeFeatures(t: Unscored): SessionFeatures {
  return t.operations === null ? fromCounts(t) : fromOperations(t, t.operations);
}
