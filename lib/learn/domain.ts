import { inferAcosDomain } from "@/lib/ingest/acos-domain";
import { commandParts, runsGit } from "@/lib/shell/split";
import { isTestCommand, isVerificationCommand } from "@/lib/learn/verification";
import type { Operation, Session } from "@/lib/session";

/**
 * The work domain of a session whose operations are known (Claude Code transcripts). ACOS's rules
 * (docs/formats.md#acos-trajectories) look at paths and git commands only; with the ordered calls, what the session did
 * can be told apart too. The first rule that holds wins:
 *
 * 1. testing — at least half of the modified files are test files (`tests/`, `__tests__/`, `*.test.*`,
 *    `*_test.*`, `test_*.py`, `*Test.java`, ...); or nothing was modified and a test runner ran.
 * 2. debugging — the task speaks of a bug, fix, error, failure, crash, exception or debugging; or a
 *    command failed, a file was then edited, and the same command (for build/test/lint commands: any of
 *    them) later succeeded.
 * 3. refactoring — the task speaks of refactoring, renaming, restructuring, reorganising, cleaning up or
 *    extracting; or files were moved (`mv`, `git mv`) and at least 3 files were modified.
 * 4. deployment — a `git push` ran, or a `git commit` ran in a session that modified no file itself.
 *    (ACOS calls every session with a commit a deployment; here a commit that closes the session's own
 *    edits belongs to the work it closes.)
 * 5. research — nothing was modified, and files were read or searched or the web was (Read, Grep, Glob,
 *    LS, NotebookRead, WebFetch, WebSearch).
 * 6. documentation — at least half of the modified files are documentation (`.md`, `.rst`, `.adoc`, or
 *    under `docs/`), and none is blog content (left to rule 7).
 * 7. ACOS's path rules, on paths relative to the session's folder: content_creation (`content/blog/`,
 *    `.mdx`), code_development (`app/`, `components/`), music_production (`suno`, `music`),
 *    skill_execution (`.claude/`, `agents/`).
 * 8. code_development — any file was modified.
 * 9. general.
 */

export type DomainInput = Pick<Session, "operations" | "filesModified" | "task">;

const EDIT_TOOLS: ReadonlySet<string> = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);
const RESEARCH_TOOLS: ReadonlySet<string> = new Set([
  "Read",
  "Grep",
  "Glob",
  "LS",
  "NotebookRead",
  "WebFetch",
  "WebSearch",
]);

const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|specs?)\/|[._](?:test|spec)\.\w+$|(?:^|\/)test_[^/]+\.py$|Tests?\.(?:java|kt|cs|swift)$/;
const DOC_FILE = /\.(?:md|rst|adoc)$|(?:^|\/)docs?\//i;
const BLOG = /(?:^|\/)content\/blog\/|\.mdx$/;
const DEBUG_WORDS =
  /\b(?:bugs?|fix(?:es|ed|ing)?|errors?|debug(?:ging)?|broken|crash(?:es|ed|ing)?|fail(?:s|ed|ing|ure)?|exceptions?|traceback)\b/i;
const REFACTOR_WORDS =
  /\b(?:refactor(?:s|ed|ing)?|renam(?:e|es|ed|ing)|restructur(?:e|es|ed|ing)|reorgani[sz](?:e|es|ed|ing)|clean(?:\s|-)?up|extract(?:s|ed|ing)?)\b/i;
const MOVE = /^(?:git\s+)?mv\s/;

const commands = (ops: readonly Operation[]) =>
  ops.flatMap((op) => (op.tool === "Bash" && op.command !== null ? [op.command] : []));
const share = (paths: readonly string[], test: (p: string) => boolean) =>
  paths.length === 0 ? 0 : paths.filter(test).length / paths.length;

function relativeTo(root: string | null, path: string): string {
  const normal = path.replaceAll("\\", "/");
  const prefix = root === null ? null : `${root.replaceAll("\\", "/").replace(/\/+$/, "")}/`;
  return prefix !== null && normal.startsWith(prefix) ? normal.slice(prefix.length) : normal;
}

/** A command failed, a file was edited after it, and the same command (or any verification) then passed. */
function fixedAfterFailure(ops: readonly Operation[]): boolean {
  const failed = new Map<string, boolean>(); // command → edited since it failed
  for (const op of ops) {
    if (EDIT_TOOLS.has(op.tool) && !op.isError) {
      for (const key of failed.keys()) failed.set(key, true);
    } else if (op.tool === "Bash" && op.command !== null) {
      const key = isVerificationCommand(op.command) ? "\u0000verification" : op.command;
      if (!op.isError && failed.get(key) === true) return true;
      if (op.isError && !failed.has(key)) failed.set(key, false);
    }
  }
  return false;
}

export function inferDomain(t: DomainInput, root: string | null = null): string {
  const ops = t.operations ?? [];
  const task = t.task ?? "";
  const modified = t.filesModified.map((f) => relativeTo(root, f));
  const shell = commands(ops);

  if (share(modified, (p) => TEST_FILE.test(p)) >= 0.5 || (modified.length === 0 && shell.some(isTestCommand)))
    return "testing";
  if (DEBUG_WORDS.test(task) || fixedAfterFailure(ops)) return "debugging";
  const moved = shell.some((c) => commandParts(c).some((part) => MOVE.test(part)));
  if (REFACTOR_WORDS.test(task) || (moved && modified.length >= 3)) return "refactoring";
  if (shell.some((c) => runsGit(c, "push")) || (modified.length === 0 && shell.some((c) => runsGit(c, "commit"))))
    return "deployment";
  if (modified.length === 0) return ops.some((op) => RESEARCH_TOOLS.has(op.tool)) ? "research" : "general";
  if (share(modified, (p) => DOC_FILE.test(p)) >= 0.5 && !modified.some((p) => BLOG.test(p))) return "documentation";
  const acos = inferAcosDomain(modified);
  return acos === "general" ? "code_development" : acos;
}
