import { describe, expect, it } from "vitest";
import { analyseAblation, pairedDifference, signFlipPValue } from "@/lib/ablation/analysis";
import { ablationRun, ablationRunsWith } from "@/test/factories/ablation";

describe("signFlipPValue", () => {
  it("is 1 for no difference and 2/2^n when every task moved the same way", () => {
    expect(signFlipPValue([0, 0, 0])).toBe(1);
    expect(signFlipPValue([1, 1, 1, 1])).toBeCloseTo(2 / 16);
    expect(signFlipPValue([0.5, -0.5])).toBe(1);
  });
});

describe("pairedDifference", () => {
  it("needs two tasks, and gives the t interval of the mean difference", () => {
    expect(pairedDifference([0.4])).toBeNull();
    const p = pairedDifference([0.2, 0.4, 0.6])!;
    expect(p.mean).toBeCloseTo(0.4);
    // sd 0.2, se 0.1155, t(0.975, 2) = 4.303
    expect(p.low).toBeCloseTo(0.4 - 4.303 * 0.11547, 2);
    expect(p.high).toBeCloseTo(0.4 + 4.303 * 0.11547, 2);
  });

  it("keeps the interval within what a difference of rates can be", () => {
    const p = pairedDifference([0.5, 0.75, 0.75])!;
    expect(p.high).toBe(1);
    expect(p.low).toBeGreaterThan(0);
  });
});

describe("analyseAblation", () => {
  it("finds no difference when the arms complete alike, intervals covering zero", () => {
    const a = analyseAblation(ablationRunsWith({ a: [3, 3], b: [1, 1], c: [4, 4], d: [2, 2], e: [0, 0] }, 5), []);
    expect(a.paired!.mean).toBe(0);
    expect(a.paired!.low).toBeLessThanOrEqual(0);
    expect(a.paired!.high).toBeGreaterThanOrEqual(0);
    expect(a.pooled!.low).toBeLessThan(0);
    expect(a.pooled!.high).toBeGreaterThan(0);
    expect(a.paired!.pValue).toBe(1);
  });

  it("recovers a planted difference: guidance completes 4 of 5, none 1 of 5, in every task", () => {
    const a = analyseAblation(ablationRunsWith({ a: [4, 1], b: [5, 1], c: [4, 0], d: [4, 2], e: [5, 1] }, 5), []);
    const guidance = a.arms.find((x) => x.arm === "guidance")!;
    const none = a.arms.find((x) => x.arm === "none")!;
    expect(guidance.completed).toBe(22);
    expect(none.completed).toBe(5);
    expect(guidance.completion!.low).toBeGreaterThan(none.completion!.high);
    expect(a.paired!.mean).toBeCloseTo(0.68);
    expect(a.paired!.low).toBeGreaterThan(0);
    expect(a.pooled!.low).toBeGreaterThan(0);
    expect(a.paired!.pValue).toBeCloseTo(2 / 32);
  });

  it("leaves runs it could not judge out of the rates and says so", () => {
    const runs = [
      ...ablationRunsWith({ a: [1, 0], b: [1, 1] }, 1),
      ablationRun("a", "guidance", 2, "setup_failed", { operations: null }),
      ablationRun("b", "none", 2, "check_error"),
      ablationRun("b", "guidance", 2, "completed", { agentTimedOut: true, operations: null, toolErrors: null }),
    ];
    const a = analyseAblation(runs, []);
    const guidance = a.arms.find((x) => x.arm === "guidance")!;
    expect(guidance).toMatchObject({
      runs: 4,
      judged: 3,
      completed: 3,
      setupFailed: 1,
      agentTimeouts: 1,
      withTranscript: 2,
    });
    expect(a.arms.find((x) => x.arm === "none")!).toMatchObject({ runs: 3, judged: 2, checkErrors: 1 });
    expect(a.caveats.join(" ")).toMatch(/2 runs could not be judged/);
    expect(a.caveats.join(" ")).toMatch(/over the 4 of 5 judged runs/);
  });

  it("leaves unverified runs out of every figure, counts them, and draws no verdict from them", () => {
    // 30 runs posted without a transcript, every guidance run "completed" and every control run not.
    const forged = ablationRunsWith({ a: [5, 0], b: [5, 0], c: [5, 0] }, 5).map((r) => ({
      ...r,
      verified: false,
      operations: null,
      toolErrors: null,
    }));
    const a = analyseAblation(forged, []);
    expect(a).toMatchObject({ verified: 0, unverified: 30, verdict: null, paired: null, pooled: null });
    expect(a.arms.map((x) => [x.arm, x.judged, x.unverified, x.completion])).toEqual([
      ["guidance", 0, 15, null],
      ["none", 0, 15, null],
    ]);
    expect(a.tasks.every((t) => t.difference === null)).toBe(true);
    expect(a.caveats.join(" ")).toMatch(/30 judged runs came without a transcript matching the run and are left out/);

    const mixed = analyseAblation([...ablationRunsWith({ a: [2, 1], b: [1, 1], c: [2, 0] }, 2), ...forged], []);
    expect(mixed).toMatchObject({ verified: 12, unverified: 30 });
    expect(mixed.arms.find((x) => x.arm === "guidance")).toMatchObject({
      runs: 21,
      judged: 6,
      completed: 5,
      unverified: 15,
    });
    expect(mixed.paired!.mean).toBeCloseTo(0.5);
  });

  it("draws no verdict from an interval with no width", () => {
    const a = analyseAblation(ablationRunsWith({ a: [3, 0], b: [3, 0], c: [3, 0] }, 3), []);
    expect(a.paired).toMatchObject({ mean: 1, low: 1, high: 1 });
    expect(a.verdict).toBeNull();
    expect(a.caveats.join(" ")).toMatch(/no width.*no verdict/);
    expect(
      analyseAblation(ablationRunsWith({ a: [4, 1], b: [5, 1], c: [4, 0], d: [4, 2], e: [5, 1] }, 5), []).verdict,
    ).toBe("more");
    expect(
      analyseAblation(ablationRunsWith({ a: [3, 3], b: [1, 1], c: [4, 4], d: [2, 2], e: [0, 0] }, 5), []).verdict,
    ).toBe("none");
    expect(analyseAblation(ablationRunsWith({ a: [3, 1], b: [1, 1], c: [4, 4] }, 5), []).verdict).toBe("none");
  });

  it("prices a completed task with the failures' spend included", () => {
    const a = analyseAblation(ablationRunsWith({ a: [1, 0] }, 2), []);
    const guidance = a.arms.find((x) => x.arm === "guidance")!;
    expect(guidance.costPerCompleted).toBeCloseTo(0.02);
    expect(guidance.tokensPerCompleted).toBe(2_000);
    expect(a.arms.find((x) => x.arm === "none")!.costPerCompleted).toBeNull();
  });

  it("compares adherence to each measured rule between the arms", () => {
    const verified = {
      operationCount: 20,
      filesModified: 3,
      verifiedAfterEdit: true,
      readBeforeEditRatio: 1,
      delegated: false,
    };
    const unverified = { ...verified, verifiedAfterEdit: false };
    const runs = [
      ablationRun("a", "guidance", 1, "completed", { features: verified }),
      ablationRun("a", "guidance", 2, "completed", { features: verified }),
      ablationRun("a", "none", 1, "not_completed", { features: unverified }),
      ablationRun("a", "none", 2, "completed", { features: verified }),
    ];
    const [verification] = analyseAblation(runs, ["verification"]).adherence;
    expect(verification).toMatchObject({
      key: "verification",
      given: { eligible: 2, followed: 2 },
      holdout: { eligible: 2, followed: 1 },
      difference: 0.5,
    });
  });
});
