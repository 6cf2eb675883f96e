import { describe, expect, it } from "vitest";
import { analyseAblation } from "@/lib/ablation/analysis";
import type { AblationRun } from "@/lib/ablation/contract";
import { ablationMarkdown, runProblem } from "@/lib/ablation/report";

const end = (exitCode: number | null, extra = {}) => ({
  exitCode,
  signal: null,
  timedOut: false,
  durationMs: 2_000,
  ...extra,
});

describe("runProblem", () => {
  it("names the failing step and how it ended", () => {
    expect(runProblem({ status: "completed", setup: end(0), agent: end(0), check: end(0) })).toBeNull();
    expect(runProblem({ status: "setup_failed", setup: end(2), agent: null, check: null })).toBe(
      "the setup failed: it exited 2",
    );
    expect(
      runProblem({
        status: "not_completed",
        setup: null,
        agent: end(null, { timedOut: true, signal: "SIGKILL" }),
        check: end(1),
      }),
    ).toBe("the agent stopped at its time limit after 2 s");
    expect(runProblem({ status: "check_error", setup: null, agent: end(0), check: end(139) })).toBe(
      "the check could not judge: it exited 139 (0 is done, 1 is not done)",
    );
  });
});

describe("ablationMarkdown", () => {
  const runs: AblationRun[] = ["a", "b"].flatMap((task) =>
    [1, 2].flatMap((run) => [
      {
        task,
        arm: "guidance" as const,
        run,
        status: "completed" as const,
        verified: true,
        agentTimedOut: false,
        durationMs: 3_000,
        operations: 4,
        toolErrors: 0,
        tokens: 100,
        costUsd: 0.002,
        features: null,
      },
      {
        task,
        arm: "none" as const,
        run,
        status: run === 1 ? ("completed" as const) : ("not_completed" as const),
        verified: true,
        agentTimedOut: false,
        durationMs: 3_000,
        operations: 6,
        toolErrors: 2,
        tokens: 150,
        costUsd: 0.003,
        features: null,
      },
    ]),
  );
  const meta = {
    id: 3,
    project: "widget",
    suite: "examples/ablation-suite",
    agent: 'claude -p "$STARLIGHT_PROMPT"',
    generation: 12,
    runs: 2,
    seed: 7,
    createdAt: Date.UTC(2026, 11, 4),
  };

  it("shows the arms, the paired and pooled differences and each task", () => {
    const text = ablationMarkdown(meta, analyseAblation(runs, []), [
      { task: "b", arm: "none", run: 2, what: "the agent exited 1" },
    ]);
    expect(text).toContain("# Ablation 3: widget, guidance generation 12");
    expect(text).toContain("| with guidance | 4/4 | 100% (95% CI 51%–100%)");
    expect(text).toContain("| without (control) | 2/4 | 50%");
    expect(text).toContain("**Difference, paired over 2 tasks** (guidance minus control, per task): +50 pp");
    expect(text).toContain("| a | 2/2 | 1/2 | +50 pp |");
    expect(text).toContain("- b, without (control), run 2: the agent exited 1");
    expect(text).toContain("Only 2 tasks ran in both arms");
  });

  describe("every string a client sent is set in as literal text", () => {
    const HOSTILE = [
      "x`</code><script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[docs](javascript:alert(1))",
      "ok\n# Owned\n| forged | row |",
      "a|b`c\\d",
    ];
    const HEADINGS = new Set([
      "# Ablation",
      "## Completion",
      "## Per task",
      "## Did the agent do what the guidance asks?",
      "## Runs with problems",
      "## Caveats",
      "## Tokens, cost, steps and time, paired over tasks",
      "## Tasks guidance made worse",
    ]);

    /** Fails when the markdown holds raw HTML, a link, a heading or a table row that is not the report's own. */
    function expectInert(markdown: string) {
      // CommonMark: a code span runs from a backtick run not escaped to the next run of the same length.
      const text = markdown.replace(/(?<![`\\])(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g, "CODE");
      const unescaped = (pattern: string) => new RegExp(`(?<!\\\\)${pattern}`);
      expect(text).not.toMatch(unescaped("<(script|img|/code)"));
      expect(text).not.toMatch(unescaped("\\]\\("));
      for (const line of text.split("\n")) {
        if (line.startsWith("#"))
          expect(
            [...HEADINGS].some((h) => line.startsWith(h)),
            line,
          ).toBe(true);
        if (line.startsWith("|")) {
          const cells = line.replace(/\\\|/g, "").split("|").length - 2;
          expect([4, 5, 6, 8], line).toContain(cells);
        }
      }
    }

    const rulesRuns: AblationRun[] = runs.map((r) => ({
      ...r,
      features: {
        operationCount: 4,
        filesModified: 2,
        verifiedAfterEdit: r.arm === "guidance",
        readBeforeEditRatio: 1,
        delegated: false,
      },
    }));

    it.each(HOSTILE)("the project, suite and agent: %j", (hostile) => {
      const text = ablationMarkdown(
        { ...meta, project: hostile, suite: hostile, agent: hostile },
        analyseAblation(runs, []),
        [],
      );
      expectInert(text);
      expect(text.split("\n")[0]).toMatch(/^# Ablation 3: .*, guidance generation 12$/);
    });

    it.each(HOSTILE)("a task's name: %j", (hostile) => {
      const text = ablationMarkdown(
        meta,
        analyseAblation(
          runs.map((r) => ({ ...r, task: hostile })),
          [],
        ),
        [{ task: hostile, arm: "none", run: 1, what: "the agent exited 1" }],
      );
      expectInert(text);
    });

    it.each(HOSTILE)("a run's signal, in the runs with problems: %j", (hostile) => {
      const what = runProblem({
        status: "check_error",
        setup: null,
        agent: end(0),
        check: end(null, { signal: hostile }),
      })!;
      const text = ablationMarkdown(meta, analyseAblation(runs, []), [{ task: "a", arm: "guidance", run: 1, what }]);
      expectInert(text);
      expect(text).toContain("the check could not judge: it was killed by ");
    });

    it.each(HOSTILE)("a rule's key and behaviour: %j", (hostile) => {
      const analysis = analyseAblation(rulesRuns, ["verification"]);
      const text = ablationMarkdown(
        meta,
        {
          ...analysis,
          adherence: analysis.adherence.map((r) => ({ ...r, key: hostile as typeof r.key, behaviour: hostile })),
        },
        [],
      );
      expect(analysis.adherence.length).toBeGreaterThan(0);
      expectInert(text);
    });

    it("keeps a name's characters readable: a code span with a longer fence, text with backslashes", () => {
      const text = ablationMarkdown({ ...meta, suite: "x|y`z" }, analyseAblation(runs, []), []);
      expect(text).toContain("Suite ``x|y`z``");
      expect(ablationMarkdown({ ...meta, project: "a|b" }, analyseAblation(runs, []), [])).toContain(
        "# Ablation 3: a\\|b,",
      );
    });
  });
});
