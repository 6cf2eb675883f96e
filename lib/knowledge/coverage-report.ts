/**
 * What a test run's own output says about coverage, as its tools print it: pytest-cov and coverage.py (`TOTAL …
 * 100%`, with Branch and BrPart columns when branch coverage is on; `Required test coverage of 90% reached`;
 * `Coverage HTML written to dir htmlcov`), Istanbul tables of jest, vitest, c8 and nyc (`All files | 85.2 | …`, their
 * thresholds), `go test -cover` (`coverage: 82.3% of statements`, one package) and cargo tarpaulin (`85.00%
 * coverage, 170/200 lines covered`).
 */

export interface CoverageReport {
  /** The total, in percent as printed. */
  percent: number;
  /** What the percent measures: "branch" (lines and branches), "statements" or "lines". */
  measure: "branch" | "statements" | "lines";
  /** A floor the run enforced, and whether the total reached it. */
  floor: { percent: number; reached: boolean } | null;
  /** The folder the run wrote its HTML report to, when it said so. */
  html: string | null;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/**
 * Text that every coverage total below holds, one a format: what storage looks for before handing a passing call's
 * output to mining (db/queries/knowledge.ts), so that it reads no more output than coverage needs.
 */
export const COVERAGE_TOTAL_MARKERS = ["TOTAL ", "All files", "of statements", "lines covered"] as const;
/** pytest-cov and coverage.py: `TOTAL  190  1  64  2  99%` (Stmts Miss Branch BrPart Cover) or `TOTAL 123 0 100%`. */
const TOTAL = /^TOTAL\s+\d+\s+\d+(\s+\d+\s+\d+)?\s+(\d+(?:\.\d+)?)%/m;
/** Istanbul's summary row: `All files | % Stmts | % Branch | % Funcs | % Lines`. */
const ISTANBUL = new RegExp(
  String.raw`^\s*All files\s*\|\s*${NUMBER}\s*\|\s*${NUMBER}\s*\|\s*${NUMBER}\s*\|\s*${NUMBER}`,
  "m",
);
const GO = new RegExp(String.raw`\bcoverage: ${NUMBER}% of statements`, "g");
const TARPAULIN = new RegExp(String.raw`^${NUMBER}% coverage, \d+/\d+ lines covered`, "m");

/** pytest-cov's floor (`--cov-fail-under`, `fail_under`): `Required test coverage of 90% reached. Total coverage: 95.00%`. */
const PYTEST_FLOOR = new RegExp(String.raw`Required test coverage of ${NUMBER}% (not )?reached`);
/** jest's and vitest's thresholds, only when missed: `coverage threshold for lines (90%) not met`, `does not meet global threshold (90%)`. */
const ISTANBUL_FLOOR = new RegExp(
  String.raw`coverage threshold for \w+ \(${NUMBER}%\) not met|does not meet (?:global )?threshold \(${NUMBER}%\)`,
);
const HTML = /Coverage HTML written to dir (\S+)|Wrote HTML report to (\S+?)\/?index\.html/;

function total(output: string): Pick<CoverageReport, "percent" | "measure"> | null {
  const pytest = TOTAL.exec(output);
  if (pytest) return { percent: Number(pytest[2]), measure: pytest[1] === undefined ? "statements" : "branch" };
  const istanbul = ISTANBUL.exec(output);
  if (istanbul) return { percent: Number(istanbul[4]), measure: "lines" };
  const go = [...output.matchAll(GO)];
  // Several packages print one figure each: no total to state.
  if (go.length === 1) return { percent: Number(go[0]![1]), measure: "statements" };
  const tarpaulin = TARPAULIN.exec(output);
  if (tarpaulin) return { percent: Number(tarpaulin[1]), measure: "lines" };
  return null;
}

/** The coverage a run's output reports; null when it reports none. */
export function coverageReport(output: string | null): CoverageReport | null {
  if (output === null) return null;
  const found = total(output);
  if (found === null) return null;
  const pytestFloor = PYTEST_FLOOR.exec(output);
  const istanbulFloor = ISTANBUL_FLOOR.exec(output);
  const floor = pytestFloor
    ? { percent: Number(pytestFloor[1]), reached: pytestFloor[2] === undefined }
    : istanbulFloor
      ? { percent: Number(istanbulFloor[1] ?? istanbulFloor[2]), reached: false }
      : null;
  const html = HTML.exec(output);
  const folder = html === null ? null : (html[1] ?? html[2] ?? null);
  return { ...found, floor, html: folder === null ? null : folder.replace(/\/?$/, "/") };
}

/** Flags that make a run collect coverage: the command asked for it, so the project's plain command may not. */
const COVERAGE_FLAG =
  /(?:^|\s)(?:--cov(?:[=-]\S*)?|--coverage(?:[=.]\S*)?|-cover(?:profile|mode|pkg)?(?:=\S*)?|--cover(?:age)?)(?=\s|$)/;

export const asksForCoverage = (command: string) => COVERAGE_FLAG.test(command);
