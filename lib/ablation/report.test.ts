import { describe, expect, it } from "vitest";
import { analyseAblation } from "@/lib/ablation/analysis";
import type { AblationRun } from "@/lib/ablation/contract";
import { ablationMarkdown, runProblem } from "@/lib/ablation/report";

const end = (exitCode: number | null, extra = {}) => ({ exitCode, signal: null, timedOut: false, durationMs: 2_000, ...extra });

describe("runProblem", () => {
  it("names the failing step and how it ended", () => {
    expect(runProblem({ status: "completed", setup: end(0), agent: end(0), check: end(0) })).toBeNull();
    expect(runProblem({ status: "setup_failed", setup: end(2), agent: null, check: null })).toBe("the setup failed: it exited 2");
    expect(runProblem({ status: "not_completed", setup: null, agent: end(null, { timedOut: true, signal: "SIGKILL" }), check: end(1) })).toBe(
      "the agent stopped at its time limit after 2 s",
    );
    expect(runProblem({ status: "check_error", setup: null, agent: end(0), check: end(139) })).toBe("the check could not judge: it exited 139 (0 is done, 1 is not done)");
  });
});

describe("ablationMarkdown", () => {
  const runs: AblationRun[] = ["a", "b"].flatMap((task) =>
    [1, 2].flatMap((run) => [
      { task, arm: "guidance" as const, run, status: "completed" as const, agentTimedOut: false, durationMs: 3_000, operations: 4, toolErrors: 0, tokens: 100, costUsd: 0.002, features: null },
      { task, arm: "none" as const, run, status: run === 1 ? ("completed" as const) : ("not_completed" as const), agentTimedOut: false, durationMs: 3_000, operations: 6, toolErrors: 2, tokens: 150, costUsd: 0.003, features: null },
    ]),
  );
  const meta = { id: 3, project: "widget", suite: "examples/ablation-suite", agent: "claude -p \"$STARLIGHT_PROMPT\"", generation: 12, runs: 2, seed: 7, createdAt: Date.UTC(2026, 11, 4) };

  it("shows the arms, the paired and pooled differences and each task", () => {
    const text = ablationMarkdown(meta, analyseAblation(runs, []), [{ task: "b", arm: "none", run: 2, what: "the agent exited 1" }]);
    expect(text).toContain("# Ablation 3: widget, guidance generation 12");
    expect(text).toContain("| with guidance | 4/4 | 100% (95% CI 51%–100%)");
    expect(text).toContain("| without (control) | 2/4 | 50%");
    expect(text).toContain("**Difference, paired over 2 tasks** (guidance minus control, per task): +50 pp");
    expect(text).toContain("| a | 2/2 | 1/2 | +50 pp |");
    expect(text).toContain("- b, without (control), run 2: the agent exited 1");
    expect(text).toContain("Only 2 tasks ran in both arms");
  });

  it("escapes what the suite names so it cannot break a table", () => {
    const text = ablationMarkdown({ ...meta, suite: "x|y`z" }, analyseAblation(runs, []), []);
    expect(text).toContain("Suite `x\\|y\\`z`");
  });
});
