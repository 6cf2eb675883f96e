import { beforeAll, describe, expect, it } from "vitest";
import { analyseExperiment } from "@/lib/experiment/analysis";
import type { ExperimentReport } from "@/lib/experiment/contract";
import type { OutcomeKey } from "@/lib/experiment/outcome-contract";
import {
  simulatedKnowledge,
  simulateOutcomes,
  type OutcomeSimulation,
} from "@/test/factories/experiment/simulate-outcomes";

const START = Date.UTC(2026, 0, 5);
const BASE: Omit<OutcomeSimulation, "seed" | "cut"> = {
  sessions: 400,
  holdoutShare: 0.5,
  baseSuccess: 0.6,
  sigma: 0.6,
  mistakeRate: { guidance: 0.1, holdout: 0.1 },
  unknownRate: 0.2,
  startedAt: START,
  model: "claude-haiku-4-5",
};

function report(o: OutcomeSimulation): ExperimentReport {
  return analyseExperiment({ holdoutShare: o.holdoutShare, startedAt: START }, simulateOutcomes(o), 0, {
    known: simulatedKnowledge(o),
    guidanceTokens: 2_000,
    now: START + 28 * 86_400_000,
  });
}

const outcome = (r: ExperimentReport, key: OutcomeKey) => r.outcomes.find((o) => o.key === key)!;
const covers = (r: ExperimentReport, key: OutcomeKey, x: number) => {
  const o = outcome(r, key);
  return o.low !== null && o.high !== null && o.low <= x && x <= o.high;
};
const SEEDS = Array.from({ length: 100 }, (_, i) => 5000 + i);

describe("guidance that cuts tokens by 20% and leaves success unchanged, across 100 seeds", () => {
  let reports: ExperimentReport[] = [];
  beforeAll(() => {
    reports = SEEDS.map((seed) => report({ ...BASE, seed, cut: 0.2 }));
  });

  it("the cost ratio's interval covers 0.8 in at least 90, and the primary outcome reads 'lower' in most", () => {
    const covered = reports.filter((r) => covers(r, "cost", 0.8)).length;
    const tokens = reports.filter((r) => covers(r, "tokens", 0.8)).length;
    const lower = reports.filter((r) => outcome(r, "cost").reading === "lower").length;
    expect(covered).toBeGreaterThanOrEqual(90);
    expect(tokens).toBeGreaterThanOrEqual(90);
    expect(lower).toBeGreaterThanOrEqual(70);
    expect(reports.every((r) => outcome(r, "cost").primary && r.outcomes[0]!.key === "cost")).toBe(true);
  });

  it("the success interval covers no difference in at least 90", () => {
    expect(reports.filter((r) => covers(r, "success", 0)).length).toBeGreaterThanOrEqual(90);
  });

  it("says it pays for itself only when the cost interval is below 1 and the experiment is powered", () => {
    for (const r of reports) {
      const yes = r.savings.verdict === "yes";
      expect(yes).toBe(r.howLong.powered && outcome(r, "cost").high! < 1);
    }
    expect(reports.filter((r) => r.savings.verdict === "yes").length).toBeGreaterThanOrEqual(70);
    expect(reports.filter((r) => r.savings.verdict === "no").length).toBe(0);
  });
});

describe("with nothing planted, across 100 seeds", () => {
  let reports: ExperimentReport[] = [];
  beforeAll(() => {
    reports = SEEDS.map((seed) => report({ ...BASE, seed, cut: 0 }));
  });

  it("the cost, tokens, duration and success intervals cover no effect in at least 90", () => {
    expect(reports.filter((r) => covers(r, "cost", 1)).length).toBeGreaterThanOrEqual(90);
    expect(reports.filter((r) => covers(r, "tokens", 1)).length).toBeGreaterThanOrEqual(90);
    expect(reports.filter((r) => covers(r, "duration", 1)).length).toBeGreaterThanOrEqual(90);
    expect(reports.filter((r) => covers(r, "success", 0)).length).toBeGreaterThanOrEqual(90);
    expect(reports.filter((r) => covers(r, "knownMistakes", 0)).length).toBeGreaterThanOrEqual(90);
  });
});

describe("planted known-mistake recurrence: the holdout repeats a known failure in 30% of sessions, the guidance arm in 5%", () => {
  let reports: ExperimentReport[] = [];
  beforeAll(() => {
    reports = SEEDS.map((seed) => report({ ...BASE, seed, cut: 0.2, mistakeRate: { guidance: 0.05, holdout: 0.3 } }));
  });

  it("is recovered: the difference's interval covers −25 points in at least 90 seeds and lies below 0 in at least 90", () => {
    expect(reports.filter((r) => covers(r, "knownMistakes", -0.25)).length).toBeGreaterThanOrEqual(90);
    expect(reports.filter((r) => outcome(r, "knownMistakes").high! < 0).length).toBeGreaterThanOrEqual(90);
  });

  it("counts a failure nobody knew before the session as no known mistake", () => {
    const r = report({ ...BASE, seed: 1, cut: 0, mistakeRate: { guidance: 0, holdout: 0 }, unknownRate: 1 });
    expect(outcome(r, "knownMistakes").guidance.mean).toBe(0);
    expect(outcome(r, "knownMistakes").holdout.mean).toBe(0);
  });
});
