import { wasRefused } from "@/lib/ingest/refusal";
import { INTERPRETERS, parseCommand } from "@/lib/shell/purpose";
import { isHostile, isSuggestible } from "./command-safety";
import { commandRoot, relativeCommand } from "./command-paths";
import type { ConventionItem, KnowledgeSession } from "./contract";
import { entry, EvidenceTally } from "./evidence";

/**
 * A project without a test runner still checks its work: with scripts whose name marks them as tests
 * (`test_mix.py`, `smoke_test.js`, `test.sh`) run by hand. When no session ran a recognised test runner (`pytest`,
 * `npm test`, `go test`, …), the test-named scripts that passed are the project's checks. Other scripts run by hand
 * (a scratch `try_it.py`, the program itself) are not checks, and a project with a test runner has its checks in its
 * test command.
 */

/** A script's file name that marks it as a test: `test_x.py`, `test-x.sh`, `x_test.js`, `tests.py`, `test.sh`. */
const TEST_NAME = /^(?:test[_-][\w.-]+|[\w.-]+[_-]tests?|tests?)\.(?:py|js|mjs|cjs|ts|rb|sh|pl|php|jl|r|R|lua)$/;
const MAX_SCRIPTS = 4;

/** The script a step runs by hand (`python test_x.py` → `test_x.py`, `./test.sh` → `test.sh`), else null. */
function scriptRun(canonical: string): string | null {
  const words = canonical.split(" && ").at(-1)!.split(" ");
  const file =
    words.length === 2 && INTERPRETERS.has(words[0]!.replace(/^.*\//, ""))
      ? words[1]!
      : words.length === 1 && words[0]!.startsWith("./")
        ? words[0]!
        : null;
  return file;
}

interface Script {
  command: string;
  tally: EvidenceTally;
  passed: number;
}

export function mineCheckScripts(sessions: readonly KnowledgeSession[]): ConventionItem[] {
  const root = commandRoot(sessions);
  const scripts = new Map<string, Script>();
  const tally = new EvidenceTally();
  for (const session of sessions) {
    for (const op of session.operations) {
      if (op.command === null || wasRefused(op)) continue;
      const parsed = parseCommand(op.command);
      if (!parsed || isHostile(parsed.exact)) continue;
      if ([...parsed.steps, ...parsed.others].some((s) => s.purpose === "test")) return [];
      for (const step of parsed.steps) {
        const file = step.purpose === "run" ? scriptRun(step.canonical) : null;
        if (file === null || !TEST_NAME.test(file.replace(/^.*\//, ""))) continue;
        // A script outside the project (`/tmp/test_probe.py`) is a probe, not one of its checks.
        const command = relativeCommand(step.exact, root);
        if (command === null || /(?:^|\s)[/~]/.test(command) || !isSuggestible(command)) continue;
        const script = entry(scripts, command, (): Script => ({ command, tally: new EvidenceTally(), passed: 0 }));
        script.tally.add(session.id, op.seq, op.at ?? session.startedAt);
        tally.add(session.id, op.seq, op.at ?? session.startedAt);
        if (!op.isError) script.passed += 1;
      }
    }
  }
  const passing = [...scripts.values()]
    .filter((s) => s.passed > 0)
    .sort(
      (a, b) =>
        b.tally.sessionCount - a.tally.sessionCount ||
        b.tally.occurrences - a.tally.occurrences ||
        (a.command < b.command ? -1 : 1),
    )
    .slice(0, MAX_SCRIPTS);
  if (passing.length === 0) return [];
  const runs = passing.reduce((n, s) => n + s.tally.occurrences, 0);
  const passed = passing.reduce((n, s) => n + s.passed, 0);
  return [
    {
      kind: "convention",
      key: "convention:check-scripts",
      fact: { topic: "check-scripts", commands: passing.map((s) => s.command), runs, passed },
      evidence: tally.evidence(),
    },
  ];
}
