import { wasRefused } from "@/lib/ingest/refusal";
import { commandFamily } from "@/lib/shell/family";
import { parseCommand } from "@/lib/shell/purpose";
import { isHostile, isSuggestible } from "./command-safety";
import { commandRoot, relativeCommand } from "./command-paths";
import { MIN_OCCURRENCES, type ConventionFact, type ConventionItem, type KnowledgeSession } from "./contract";
import { entry, EvidenceTally } from "./evidence";
import { asksForCoverage, coverageReport, type CoverageReport } from "./coverage-report";

/**
 * The coverage a project's tests report, read from their own output (lib/knowledge/coverage-report.ts): the total at
 * the last passing run and the best one seen, the floor the run enforced and where the HTML report goes. A test
 * command that prints coverage with no coverage flag on it collects coverage by itself (its configuration asks for
 * it), which one run shows. A run that asked for coverage with a flag says what that form does: it is stated when
 * that form passed in MIN_OCCURRENCES runs, never from a flag tried once, and never as the plain command's.
 */

/** Programs that measure coverage around a test run, when no test runner step is recognised in the command. */
const COVERAGE_TOOLS = /^(?:coverage|cargo (?:tarpaulin|llvm-cov)|c8|nyc)$/;

interface Seen {
  /** The forms it ran as, with how many times. */
  forms: Map<string, number>;
  itself: boolean;
  tally: EvidenceTally;
  /** Passing runs' reports, in the order they ran (sessions oldest first). */
  passing: CoverageReport[];
  floor: CoverageReport["floor"];
  html: string | null;
}

export function mineCoverage(sessions: readonly KnowledgeSession[]): ConventionItem[] {
  const root = commandRoot(sessions);
  const seen = new Map<string, Seen>();
  for (const session of sessions) {
    for (const op of session.operations) {
      if (op.command === null || wasRefused(op)) continue;
      const report = coverageReport(op.output);
      const parsed = report === null ? null : parseCommand(op.command);
      if (report === null || !parsed || isHostile(parsed.exact)) continue;
      const step = parsed.steps.find((s) => s.purpose === "test");
      const family = commandFamily(parsed.exact);
      const exact = step?.exact ?? (family !== null && COVERAGE_TOOLS.test(family) ? parsed.exact : null);
      if (exact === undefined || exact === null) continue;
      const itself = !asksForCoverage(exact);
      // The plain command is one item whatever its selectors, named as the project runs it most (`pytest`, `npx vitest
      // run`, without the setup before it); a flagged form is one item per form, as it was written.
      const written = relativeCommand(exact.replace(/^\(|\)$/g, ""), root);
      const command = itself && written !== null ? written.split(" && ").at(-1)!.trim() : written;
      if (command === null || !isSuggestible(command)) continue;
      const key = itself && step !== undefined ? step.canonical : command;
      const s = entry(
        seen,
        `${itself}\u0000${key}`,
        (): Seen => ({ forms: new Map(), itself, tally: new EvidenceTally(), passing: [], floor: null, html: null }),
      );
      s.forms.set(command, (s.forms.get(command) ?? 0) + 1);
      s.tally.add(session.id, op.seq, op.at ?? session.startedAt);
      if (!op.isError) s.passing.push(report);
      if (report.floor !== null) s.floor = report.floor;
      if (report.html !== null) s.html = report.html;
    }
  }
  const out: ConventionItem[] = [];
  for (const s of seen.values()) {
    const last = s.passing.at(-1);
    if (last === undefined || (!s.itself && s.passing.length < MIN_OCCURRENCES)) continue;
    const best = Math.max(...s.passing.map((r) => r.percent));
    const command = [...s.forms].sort(([a, x], [b, y]) => y - x || a.length - b.length || (a < b ? -1 : 1))[0]![0];
    const fact: ConventionFact = {
      topic: "coverage",
      command,
      itself: s.itself,
      percent: last.percent,
      best,
      measure: last.measure,
      floor: s.floor,
      html: s.html,
    };
    out.push({ kind: "convention", key: `convention:coverage:${command}`, fact, evidence: s.tally.evidence() });
  }
  return out;
}
