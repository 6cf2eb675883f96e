import { describe, expect, it } from "vitest";
import { analyseExperiment, compareSuccess } from "@/lib/experiment/analysis";
import { welchPValue } from "@/lib/experiment/welch";
import type { Arm, BehaviourFeatures, EnrolledSession } from "@/lib/experiment/contract";
import { FALLBACK_SD, neededTotal, planningSd, pooledSd } from "@/lib/experiment/power";

const START = Date.UTC(2026, 0, 5); // a Monday
const DAY = 86_400_000;

const FEATURES: BehaviourFeatures = {
  operationCount: 30,
  filesModified: 3,
  verifiedAfterEdit: true,
  readBeforeEditRatio: 1,
  delegated: false,
};

let nextId = 0;
function session(
  arm: Arm,
  success: number | null,
  over: Partial<EnrolledSession> & { startedAt?: number; features?: Partial<BehaviourFeatures> } = {},
): EnrolledSession {
  nextId += 1;
  const { startedAt, features, ...rest } = over;
  return {
    sessionId: `s${nextId}`,
    arm,
    deliveredAt: START,
    generation: 3,
    rules: ["verification", "delegation"],
    outcome:
      success === null
        ? null
        : {
            storedSessionId: nextId,
            startedAt: startedAt ?? START + DAY,
            success,
            features: { ...FEATURES, ...features },
            tokensByModel: {},
          },
    ...rest,
  };
}

const settings = (holdoutShare: number) => ({ holdoutShare, startedAt: START });

describe("analyseExperiment edge cases", () => {
  it("reports an empty experiment without numbers", () => {
    const r = analyseExperiment(settings(0.2), [], 0);
    expect(r.counts).toEqual({
      enrolled: 0,
      guidance: 0,
      holdout: 0,
      linked: { guidance: 0, holdout: 0 },
      awaiting: 0,
      notEnrolled: 0,
    });
    expect(r.success).toBeNull();
    expect(r.adherence).toEqual([]);
    expect(r.weekly).toEqual([]);
    expect(r.power).toEqual({ effect: 0.1, neededTotal: 307, more: 307 });
    expect(r.caveats.join(" ")).toMatch(/Small samples/);
  });

  it("compares nothing while one arm is empty, but still counts and measures adherence given", () => {
    const sessions = [session("guidance", 1), session("guidance", 0.5), session("guidance", null)];
    const r = analyseExperiment(settings(0.2), sessions, 0);
    expect(r.counts).toMatchObject({
      enrolled: 3,
      guidance: 3,
      holdout: 0,
      linked: { guidance: 2, holdout: 0 },
      awaiting: 1,
    });
    expect(r.success).toBeNull();
    const verification = r.adherence.find((a) => a.key === "verification")!;
    expect(verification.given).toEqual({ eligible: 2, followed: 2, rate: 1 });
    expect(verification.holdout).toEqual({ eligible: 0, followed: 0, rate: null });
    expect([verification.difference, verification.low, verification.high]).toEqual([null, null, null]);
    expect(r.caveats.join(" ")).toMatch(/1 session is still awaiting its transcript/);
  });

  it("with the holdout off: no power figure, and a caveat saying how to measure", () => {
    const sessions = [session("guidance", 1), session("guidance", 0)];
    const r = analyseExperiment(settings(0), sessions, 0);
    expect(r.power).toEqual({ effect: 0.1, neededTotal: null, more: null });
    expect(r.success).toBeNull();
    expect(r.caveats.some((c) => c.includes("Turn the holdout on in Settings"))).toBe(true);
    expect(r.caveats.some((c) => c.startsWith("Small samples"))).toBe(false);
  });

  it("counts arms, linked and awaiting sessions", () => {
    const sessions = [
      session("guidance", 1),
      session("guidance", null),
      session("holdout", 0),
      session("holdout", 1),
      session("holdout", null),
    ];
    const r = analyseExperiment(settings(0.5), sessions, 4);
    expect(r.counts).toEqual({
      enrolled: 5,
      guidance: 2,
      holdout: 3,
      linked: { guidance: 1, holdout: 2 },
      awaiting: 2,
      notEnrolled: 4,
    });
    expect(r.power.more).toBe((r.power.neededTotal ?? 0) - 3);
  });
});

describe("success comparison", () => {
  // R: t.test(extra ~ group, data = sleep) → t = -1.8608, df = 17.776, p-value = 0.07939;
  // scipy 1.17.1 ttest_ind(g1, g2, equal_var=False).pvalue = 0.0793941401873583.
  const g1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
  const g2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

  it("gives Welch's two-sided p-value (R's sleep example)", () => {
    const c = compareSuccess(g1, g2)!;
    expect(c.difference).toBeCloseTo(-1.58, 12);
    expect(c.low).toBeCloseTo(-3.3654832307117104, 8);
    expect(c.pValue).toBeCloseTo(0.0793941401873583, 8);
    expect(compareSuccess(g2, g1)!.pValue).toBeCloseTo(0.0793941401873583, 8);
  });

  it("matches scipy on success-like scores", () => {
    // scipy ttest_ind(a, b, equal_var=False): p = 0.005284979849709282, CI 0.14734 … 0.63600
    const c = compareSuccess([0.9, 0.8, 1.0, 0.95, 0.7, 0.85], [0.4, 0.9, 0.2, 0.6, 0.5, 0.3, 0.8, 0.1])!;
    expect(c.guidance.n).toBe(6);
    expect(c.holdout.n).toBe(8);
    expect(c.pValue).toBeCloseTo(0.005284979849709282, 8);
    expect(c.high).toBeCloseTo(0.6359966433901462, 8);
  });

  it("needs 2 per arm, and handles groups without spread", () => {
    expect(compareSuccess([1], [0, 1])).toBeNull();
    expect(compareSuccess([1, 1], [1, 1])!.pValue).toBe(1);
    expect(compareSuccess([1, 1], [0, 0])!.pValue).toBe(0);
    expect(welchPValue(0, 0.1, 10)).toBe(1);
  });

  it("flows into the report once each arm has 2 linked sessions", () => {
    const sessions = [...g1.map((x) => session("guidance", x)), ...g2.map((x) => session("holdout", x))];
    const r = analyseExperiment(settings(0.5), sessions, 0);
    expect(r.success?.pValue).toBeCloseTo(0.0793941401873583, 8);
  });
});

describe("power", () => {
  it("matches the hand computation at share 0.2 with σ = 0.25", () => {
    // (1.959964 + 0.841621)² · 0.25² · (1/0.2 + 1/0.8) / 0.1² = 7.84888 · 0.0625 · 6.25 / 0.01 = 306.597 → 307
    expect(neededTotal(0.2, 0.25)).toBe(307);
    // share 0.5: 7.84888 · 0.0625 · 4 / 0.01 = 196.22 → 197; a holdout of 0.05 needs far more: 7.84888 · 0.0625 · 21.0526 / 0.01 = 1032.75 → 1033
    expect(neededTotal(0.5, 0.25)).toBe(197);
    expect(neededTotal(0.05, 0.25)).toBe(1033);
    expect(neededTotal(0, 0.25)).toBeNull();
  });

  it("pools the within-arm SD, falling back below 10 linked sessions", () => {
    // arm a: 0, 1 (s² = 0.5, 1 df); arm b: 0, 0, 1, 1 (s² = 1/3, 3 df) → √((0.5 + 1) / 4) = √0.375
    expect(
      pooledSd([
        [0, 1],
        [0, 0, 1, 1],
      ]),
    ).toBeCloseTo(Math.sqrt(0.375), 12);
    expect(pooledSd([[1], []])).toBeNull();
    expect(planningSd([0, 1, 0], [1, 0])).toBe(FALLBACK_SD);
    const a = [0, 1, 0, 1, 0, 1];
    const b = [0, 0, 1, 1, 0];
    expect(planningSd(a, b)).toBeCloseTo(pooledSd([a, b])!, 12);
    expect(planningSd(Array(10).fill(1), [1, 1])).toBe(FALLBACK_SD);
  });
});

describe("adherence", () => {
  it("compares given and withheld rules among eligible linked sessions, only for rules that appear", () => {
    const sessions = [
      session("guidance", 1, { features: { verifiedAfterEdit: true } }),
      session("guidance", 1, { features: { verifiedAfterEdit: false } }),
      session("guidance", 1, { features: { filesModified: 1 } }), // not eligible for verification
      session("guidance", 1, { rules: ["delegation"] }), // verification not given
      session("holdout", 0, { features: { verifiedAfterEdit: false } }),
      session("holdout", 0, { features: { verifiedAfterEdit: false } }),
      session("holdout", 0, { rules: ["tool-preference:testing:Bash"] }),
    ];
    const r = analyseExperiment(settings(0.5), sessions, 0);
    expect(r.adherence.map((a) => a.key)).toEqual(["verification", "delegation"]);
    const v = r.adherence[0]!;
    expect(v.behaviour).toMatch(/check after editing/);
    expect(v.given).toEqual({ eligible: 2, followed: 1, rate: 0.5 });
    expect(v.holdout).toEqual({ eligible: 2, followed: 0, rate: 0 });
    expect(v.difference).toBe(0.5);
    expect(v.low!).toBeLessThan(0);
    expect(v.high!).toBeGreaterThan(0.5);
    const d = r.adherence[1]!;
    expect(d.given).toEqual({ eligible: 4, followed: 0, rate: 0 }); // delegated: false in all, 30 ops
    expect(d.holdout).toEqual({ eligible: 2, followed: 0, rate: 0 });
    expect(r.caveats.some((c) => c.startsWith("2 rules are compared at once"))).toBe(true);
  });
});

describe("caveats", () => {
  it("names sessions that never asked when they are many, and the novelty of the first two weeks", () => {
    const sessions = Array.from({ length: 40 }, (_, i) => session(i % 2 ? "holdout" : "guidance", i % 3 ? 1 : 0));
    const r = analyseExperiment(settings(0.5), sessions, 12);
    expect(r.caveats).toContain("12 sessions never asked for guidance (hook not installed?); they are left out.");
    expect(r.caveats.some((c) => c.includes("first two weeks") && c.includes("early effects often fade"))).toBe(true);
    expect(r.caveats.some((c) => c.startsWith("Small samples (20 guidance and 20 holdout"))).toBe(true);
    expect(analyseExperiment(settings(0.5), sessions, 1).caveats.some((c) => c.includes("never asked"))).toBe(false);
  });

  it("drops the novelty and small-sample caveats for a long, large experiment", () => {
    const sessions = Array.from({ length: 80 }, (_, i) =>
      session(i % 2 ? "holdout" : "guidance", i % 3 ? 1 : 0, { startedAt: START + 20 * DAY }),
    );
    const r = analyseExperiment(settings(0.5), sessions, 0);
    expect(r.caveats.some((c) => c.includes("first two weeks"))).toBe(false);
    expect(r.caveats.some((c) => c.startsWith("Small samples"))).toBe(false);
  });
});
