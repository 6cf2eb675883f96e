import { beforeAll, describe, expect, it } from "vitest";
import { analyseExperiment } from "@/lib/experiment/analysis";
import { MEASURED_RULES, type ExperimentReport } from "@/lib/experiment/contract";
import { plantedEffects, simulateExperiment, type SimulationOptions } from "@/test/factories/experiment/simulate";

const START = Date.UTC(2026, 0, 5);

function report(options: SimulationOptions) {
  return analyseExperiment(
    { holdoutShare: options.holdoutShare, startedAt: START },
    simulateExperiment({ ...options, startedAt: START }),
    0,
  );
}

const contains = (low: number | null, high: number | null, x: number) =>
  low !== null && high !== null && low <= x && x <= high;

describe("simulateExperiment", () => {
  it("is deterministic per seed, assigns arms by the share and leaves some sessions awaiting", () => {
    const options = {
      seed: 7,
      sessions: 1000,
      holdoutShare: 0.3,
      baseRate: 0.4,
      followRate: 0.9,
      baseSuccess: 0.3,
      effect: 0.4,
    };
    const a = simulateExperiment(options);
    expect(simulateExperiment(options)).toEqual(a);
    const holdout = a.filter((s) => s.arm === "holdout").length / a.length;
    expect(Math.abs(holdout - 0.3)).toBeLessThan(0.05);
    const awaiting = a.filter((s) => s.outcome === null).length / a.length;
    expect(awaiting).toBeGreaterThan(0.05);
    expect(awaiting).toBeLessThan(0.15);
    expect(new Set(a.map((s) => s.sessionId)).size).toBe(a.length);
    expect(a[0]?.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.every((s) => s.rules.length === MEASURED_RULES.length)).toBe(true);
  });

  it("refuses success probabilities outside [0, 1]", () => {
    expect(() =>
      simulateExperiment({
        seed: 1,
        sessions: 1,
        holdoutShare: 0.2,
        baseRate: 0.5,
        followRate: 0.5,
        baseSuccess: 0.8,
        effect: 0.3,
      }),
    ).toThrow(RangeError);
  });
});

describe("the report recovers a planted change", () => {
  const planted = { sessions: 2000, holdoutShare: 0.3, baseRate: 0.4, followRate: 0.9, baseSuccess: 0.3, effect: 0.4 };
  const truth = plantedEffects(planted); // success +0.2, adherence +0.5

  it.each([1, 2, 3])("seed %i: success and every rule's adherence within their intervals, away from 0", (seed) => {
    const r = report({ ...planted, seed });
    expect(r.success).not.toBeNull();
    expect(contains(r.success!.low, r.success!.high, truth.success)).toBe(true);
    expect(r.success!.low).toBeGreaterThan(0);
    expect(r.success!.pValue).toBeLessThan(0.001);
    expect(r.adherence.map((a) => a.key)).toEqual([...MEASURED_RULES]);
    for (const a of r.adherence) {
      expect(contains(a.low, a.high, truth.adherence), a.key).toBe(true);
      expect(a.low!, a.key).toBeGreaterThan(0);
    }
  });
});

describe("with nothing planted, across 100 fixed seeds", () => {
  const nothing = { sessions: 300, holdoutShare: 0.3, baseRate: 0.5, followRate: 0.5, baseSuccess: 0.5, effect: 0 };
  let reports: ExperimentReport[] = [];
  beforeAll(() => {
    reports = Array.from({ length: 100 }, (_, seed) => report({ ...nothing, seed: 1000 + seed }));
  });

  it("the 95% success interval covers zero in at least 90", () => {
    const covered = reports.filter((r) => r.success !== null && contains(r.success.low, r.success.high, 0)).length;
    expect(covered).toBeGreaterThanOrEqual(90);
    expect(covered).toBeLessThanOrEqual(100);
  });

  it.each([...MEASURED_RULES])("the %s adherence interval covers zero in at least 90", (key) => {
    const covered = reports.filter((r) => {
      const a = r.adherence.find((x) => x.key === key);
      return a !== undefined && contains(a.low, a.high, 0);
    }).length;
    expect(covered).toBeGreaterThanOrEqual(90);
    expect(covered).toBeLessThanOrEqual(100);
  });
});
