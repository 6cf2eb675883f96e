import { describe, expect, it } from "vitest";
import { operationMaker } from "@/test/factories/knowledge";
import type { KnowledgeOperation, KnowledgeSession } from "./contract";
import { mineCoverage } from "./coverage";
import { asksForCoverage, coverageReport } from "./coverage-report";
import { itemLine } from "./wording";

const op = operationMaker((next) => 1_800_000_000_000 + next * 1000);
const sh = (command: string, output: string | null = null, isError = false) => op("Bash", { command, output, isError });
const session = (id: number, operations: KnowledgeOperation[]): KnowledgeSession => ({
  id,
  startedAt: 1_800_000_000_000 + id,
  operations,
  prompts: [],
});

/** pytest-cov's report as its excerpt keeps it: the table's end, the HTML folder, the summary. */
const pytestCov = (total: string, extra = "") =>
  `_______________ coverage: platform linux, python 3.12.3-final-0 ________________\n…\nTOTAL ${total}\nCoverage HTML written to dir htmlcov\n${extra}============ 40 passed in 2.78s ============`;

describe("coverageReport: what a run's output says about coverage", () => {
  it("reads pytest-cov's total, branch coverage from its Branch and BrPart columns, its floor and HTML folder", () => {
    expect(coverageReport(pytestCov("190 1 64 2 99%"))).toEqual({
      percent: 99,
      measure: "branch",
      floor: null,
      html: "htmlcov/",
    });
    expect(
      coverageReport(pytestCov("123 9 93%", "Required test coverage of 90% reached. Total coverage: 92.68%\n")),
    ).toEqual({ percent: 93, measure: "statements", floor: { percent: 90, reached: true }, html: "htmlcov/" });
    expect(
      coverageReport(
        pytestCov("190 1 64 2 99%", "FAIL Required test coverage of 99.5% not reached. Total coverage: 98.82%\n"),
      )?.floor,
    ).toEqual({ percent: 99.5, reached: false });
  });

  it("reads Istanbul's summary row (jest, vitest), a single go package and tarpaulin", () => {
    expect(
      coverageReport(
        "File      | % Stmts | % Branch | % Funcs | % Lines |\nAll files |   85.71 |    66.67 |     100 |   85.71 |",
      ),
    ).toEqual({ percent: 85.71, measure: "lines", floor: null, html: null });
    expect(coverageReport("ok  \texample.com/shop\t0.012s\tcoverage: 82.3% of statements")).toMatchObject({
      percent: 82.3,
      measure: "statements",
    });
    expect(coverageReport("85.00% coverage, 170/200 lines covered")).toMatchObject({ percent: 85, measure: "lines" });
    expect(
      coverageReport(
        'Jest: "global" coverage threshold for lines (90%) not met: 85.71%\nAll files | 85.71 | 66.67 | 100 | 85.71 |',
      )?.floor,
    ).toEqual({ percent: 90, reached: false });
  });

  it("reads nothing where no total is printed: several go packages, a plain test run, no output", () => {
    expect(
      coverageReport(
        "ok  \ta/x\t0.01s\tcoverage: 80.0% of statements\nok  \ta/y\t0.01s\tcoverage: 60.0% of statements",
      ),
    ).toBeNull();
    expect(coverageReport("12 passed in 1.4s")).toBeNull();
    expect(coverageReport(null)).toBeNull();
  });

  it("knows a command that asks for coverage with a flag", () => {
    for (const c of [
      "pytest --cov=shop",
      "pytest --cov-fail-under=99",
      "npx vitest run --coverage",
      "go test -cover ./...",
      "go test -coverprofile=c.out ./...",
      "npx jest --coverage=true",
    ])
      expect(asksForCoverage(c)).toBe(true);
    for (const c of ["pytest", "pytest -x tests/", "npm test", "go test ./...", "npm run test:coverage"])
      expect(asksForCoverage(c)).toBe(false);
  });
});

describe("mineCoverage: the coverage the project's tests report", () => {
  it("says the plain test command collects coverage itself, at its last passing run and best, with its HTML folder", () => {
    const s = session(1, [
      sh("(source .venv/bin/activate && pytest -x)", pytestCov("190 53 64 3 70%")),
      sh("(source .venv/bin/activate && pytest)", pytestCov("190 0 64 0 100%")),
      sh("(source .venv/bin/activate && pytest)", pytestCov("193 0 66 1 99%")),
    ]);
    const [item, ...rest] = mineCoverage([s]);
    expect(rest).toEqual([]);
    expect(item!.fact).toEqual({
      topic: "coverage",
      command: "pytest",
      itself: true,
      percent: 99,
      best: 100,
      measure: "branch",
      floor: null,
      html: "htmlcov/",
    });
    expect(itemLine(item!)).toMatch(
      /^`pytest` reports coverage itself, with no coverage flag on the command: 99% branch coverage at the last passing run \(100% at best\), HTML report in `htmlcov\/` — in 1 session/,
    );
  });

  it("never takes a floor or a figure from a coverage flag tried once, next to the plain command", () => {
    const s = session(1, [
      sh("pytest", pytestCov("190 1 64 2 99%")),
      sh(
        "pytest --cov-fail-under=99",
        pytestCov("190 1 64 2 99%", "FAIL Required test coverage of 99% not reached. Total coverage: 98.82%\n"),
      ),
    ]);
    const items = mineCoverage([s]);
    expect(items.map((i) => i.fact)).toEqual([
      expect.objectContaining({ command: "pytest", itself: true, floor: null }),
    ]);
    expect(items.map((i) => itemLine(i)).join("\n")).not.toMatch(/fail-under|floor/);
  });

  it("states nothing when coverage came only from a flag tried once: the project's command does not collect it", () => {
    const s = session(1, [
      sh("pytest", "12 passed in 1.4s"),
      sh("pytest --cov=shop", pytestCov("120 43 64%")),
      sh("pytest", "12 passed in 1.2s"),
    ]);
    expect(mineCoverage([s])).toEqual([]);
  });

  it("states a flagged form the project ran again as what that form reports, with the floor its runs enforced", () => {
    const run = (id: number, total: string) =>
      session(id, [
        sh("go test -cover ./...", `ok  \texample.com/shop\t0.01s\tcoverage: ${total}% of statements`),
        sh(
          "pytest --cov=shop --cov-fail-under=80",
          pytestCov("120 10 92%", "Required test coverage of 80% reached. Total coverage: 91.67%\n"),
        ),
      ]);
    const items = mineCoverage([run(1, "81.0"), run(2, "84.5")]);
    expect(items.map((i) => i.fact)).toEqual([
      {
        topic: "coverage",
        command: "go test -cover ./...",
        itself: false,
        percent: 84.5,
        best: 84.5,
        measure: "statements",
        floor: null,
        html: null,
      },
      {
        topic: "coverage",
        command: "pytest --cov=shop --cov-fail-under=80",
        itself: false,
        percent: 92,
        best: 92,
        measure: "statements",
        floor: { percent: 80, reached: true },
        html: "htmlcov/",
      },
    ]);
    expect(itemLine(items[1]!)).toContain(
      "reports coverage: 92% coverage of statements at the last passing run; it enforces a floor of 80% (reached at its last report)",
    );
  });

  it("reads no coverage from a run that failed, and none from a command that is not a test run", () => {
    expect(mineCoverage([session(1, [sh("pytest", pytestCov("120 43 64%"), true)])])).toEqual([]);
    expect(mineCoverage([session(1, [sh("cat coverage.txt", "TOTAL 120 43 64%")])])).toEqual([]);
  });
});
