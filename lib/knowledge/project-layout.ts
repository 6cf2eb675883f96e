import { wasRefused } from "@/lib/ingest/refusal";
import { parseCommand } from "@/lib/shell/purpose";
import { commandRoot } from "./command-paths";
import { OUTSIDE, relative } from "./co-change";
import { EDIT_TOOLS } from "./commands";
import { MIN_OCCURRENCES, type ConventionItem, type KnowledgeSession } from "./contract";
import { entry, EvidenceTally } from "./evidence";
import { runOutcome } from "./run-outcome";

/**
 * The files a project rests on, as its sessions used them: where its tests live, which test file had to change with
 * which code (the tests failed after the code changed, until the test file was edited), the code file most work
 * changes, and the documentation and configuration sessions read to find their way. Paths are relative to the
 * project's root; files outside it (plans, scratch) are left out.
 */

/** A test file by its name or folder, in the common ecosystems. */
export const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|spec|specs)\/|(?:^|\/)test_[^/]+\.py$|_test\.(?:py|go|rb|exs?)$|\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)conftest\.py$|Tests?\.(?:java|kt|cs|swift)$/;
/** Lockfiles, generated output, notebooks and documents: not where the code's work happens. */
const NOT_CODE =
  /(?:^|\/)(?:node_modules|dist|build|\.next|coverage|__pycache__|target)\/|\.(?:lock|ipynb|md|txt|json|ya?ml|toml|cfg|ini|lock)$|lock\.(?:json|yaml)$/;
/** Documentation and configuration at the root: what an agent reads to find its way. */
const ORIENTATION =
  /^(?:[\w.-]+\.(?:md|toml|cfg|ini|ya?ml)|package\.json|tsconfig\.json|Makefile|Dockerfile|Justfile|Cargo\.toml|go\.mod|Gemfile)$/;
/** Edits to one code file, across the sessions, for it to be the file where the work happens. */
const MIN_MAIN_EDITS = 5;
const MAX_FILES = 4;

interface Use {
  tally: EvidenceTally;
  edits: number;
  reads: number;
}

const testRun = (command: string) => parseCommand(command)?.steps.some((s) => s.purpose === "test") ?? false;

/** In one session: a code file edited, then a test run failing, then a test file edited, then a test run passing. */
function testUpdates(session: KnowledgeSession, root: string, found: Map<string, EvidenceTally>): void {
  let source: string | null = null;
  let failedAfterSource = false;
  let test: { file: string; seq: number } | null = null;
  for (const op of session.operations) {
    const file = op.file !== null && !OUTSIDE.test(op.file) ? relative(op.file, root) : null;
    if (EDIT_TOOLS.has(op.tool) && !op.isError && file !== null) {
      if (TEST_FILE.test(file)) {
        if (source !== null && failedAfterSource) test = { file, seq: op.seq };
      } else if (!NOT_CODE.test(file)) {
        source = file;
        failedAfterSource = false;
        test = null;
      }
      continue;
    }
    if (op.command === null || wasRefused(op) || !testRun(op.command)) continue;
    const outcome = runOutcome(op.isError, op.output);
    if (op.isError && outcome !== "did-not-run" && source !== null) failedAfterSource = true;
    else if (!op.isError && test !== null && source !== null) {
      entry(found, `${source}\u0000${test.file}`, () => new EvidenceTally()).add(
        session.id,
        test.seq,
        op.at ?? session.startedAt,
      );
      test = null;
      failedAfterSource = false;
    }
  }
}

/** The folder most test files share (`tests/`), or null when they sit beside the code. */
function testFolder(files: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const f of files) {
    const top = f.includes("/") ? `${f.split("/")[0]}/` : null;
    if (top !== null) counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best !== undefined && best[1] >= 0.6 * files.length && TEST_FILE.test(best[0]) ? best[0] : null;
}

export function mineProjectLayout(
  sessions: readonly KnowledgeSession[],
  hotSpots: ReadonlySet<string>,
): ConventionItem[] {
  const root = commandRoot(sessions);
  const uses = new Map<string, Use>();
  const updates = new Map<string, EvidenceTally>();
  // Where tests live matters where a test runner runs them: scripts named test_* run by hand are scripts.
  let testsRan = false;
  for (const session of sessions) {
    for (const op of session.operations) {
      if (
        op.file === null ||
        op.isError ||
        OUTSIDE.test(op.file) ||
        (root !== "" && op.file.startsWith("/") && !op.file.startsWith(root))
      )
        continue;
      const edits = EDIT_TOOLS.has(op.tool);
      if (!edits && op.tool !== "Read") continue;
      const use = entry(uses, relative(op.file, root), () => ({ tally: new EvidenceTally(), edits: 0, reads: 0 }));
      use.tally.add(session.id, op.seq, op.at ?? session.startedAt);
      if (edits) use.edits += 1;
      else use.reads += 1;
    }
    testUpdates(session, root, updates);
    testsRan ||= session.operations.some((op) => op.command !== null && !op.isError && testRun(op.command));
  }
  const out: ConventionItem[] = [];
  const byUse = (a: [string, Use], b: [string, Use]) =>
    b[1].tally.sessionCount - a[1].tally.sessionCount ||
    b[1].tally.occurrences - a[1].tally.occurrences ||
    (a[0] < b[0] ? -1 : 1);

  for (const [pair, tally] of [...updates].sort((a, b) => b[1].occurrences - a[1].occurrences).slice(0, 2)) {
    const [source, test] = pair.split("\u0000") as [string, string];
    out.push({
      kind: "convention",
      key: `convention:test-update:${source}:${test}`,
      fact: { topic: "test-update", source, test },
      evidence: tally.evidence(),
    });
  }

  const tests = [...uses].filter(([file]) => TEST_FILE.test(file)).sort(byUse);
  const testTally = new EvidenceTally();
  for (const [, use] of tests)
    for (const ref of use.tally.evidence().refs) testTally.add(ref.sessionId, ref.seq, use.tally.evidence().lastSeen);
  if (testsRan && tests.length >= MIN_OCCURRENCES && tests.some(([, u]) => u.edits > 0)) {
    const files = tests.map(([file]) => file);
    out.push({
      kind: "convention",
      key: "convention:test-location",
      fact: { topic: "test-location", folder: testFolder(files), files: files.slice(0, MAX_FILES) },
      evidence: testTally.evidence(),
    });
  }

  const main = [...uses]
    .filter(
      ([file, u]) => u.edits >= MIN_MAIN_EDITS && !TEST_FILE.test(file) && !NOT_CODE.test(file) && !hotSpots.has(file),
    )
    .sort((a, b) => b[1].edits - a[1].edits || (a[0] < b[0] ? -1 : 1))[0];
  if (main !== undefined)
    out.push({
      kind: "convention",
      key: `convention:main-file:${main[0]}`,
      fact: { topic: "main-file", file: main[0], edits: main[1].edits },
      evidence: main[1].tally.evidence(),
    });

  const docs = [...uses].filter(([file, u]) => u.edits === 0 && ORIENTATION.test(file)).sort(byUse);
  if (docs.length >= MIN_OCCURRENCES) {
    const tally = new EvidenceTally();
    for (const [, use] of docs)
      for (const ref of use.tally.evidence().refs) tally.add(ref.sessionId, ref.seq, use.tally.evidence().lastSeen);
    out.push({
      kind: "convention",
      key: "convention:orientation",
      fact: { topic: "orientation", files: docs.slice(0, MAX_FILES).map(([file]) => file) },
      evidence: tally.evidence(),
    });
  }
  return out;
}
