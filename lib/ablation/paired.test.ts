import { describe, expect, it } from "vitest";
import { analyseAblation } from "@/lib/ablation/analysis";
import { mcnemar, mcnemarExact, pairedMeasure, tasksNeeded } from "@/lib/ablation/paired";
import { createRandom } from "@/test/factories/generate/random";
import type { AblationRun } from "@/lib/ablation/contract";
import { ablationRun, ablationRunsWith } from "@/test/factories/ablation";

describe("mcnemarExact", () => {
  it("is the two-sided binomial tail over the pairs that disagree", () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(3, 0)).toBeCloseTo(0.25, 12);
    expect(mcnemarExact(10, 2)).toBeCloseTo(158 / 4096, 12);
    expect(mcnemarExact(2, 10)).toBeCloseTo(158 / 4096, 12);
    expect(mcnemarExact(5, 5)).toBe(1);
  });
});

describe("the ablation's verdict needs McNemar's exact test", () => {
  it("draws no direction from a 3-task suite whose t interval is above zero but whose exact test is not significant", () => {
    const a = analyseAblation(ablationRunsWith({ a: [2, 0], b: [1, 0], c: [2, 0] }, 2), []);
    expect(a.paired!.low).toBeGreaterThan(0);
    expect(a.mcnemar).toEqual({ pairs: 6, guidanceOnly: 5, noneOnly: 0, pValue: 0.0625 });
    expect(a.verdict).toBe("not significant");
    expect(a.caveats.join(" ")).toMatch(/McNemar's exact test on the 6 paired runs does not \(p = 0\.063/);
  });

  it("pairs only counted runs: an unverified run's pair is left out", () => {
    const runs = ablationRunsWith({ a: [1, 0], b: [1, 0] }, 1).map((r) =>
      r.task === "b" && r.arm === "none" ? { ...r, verified: false } : r,
    );
    expect(mcnemar(runs)).toMatchObject({ pairs: 1, guidanceOnly: 1 });
  });

  it("lists the tasks guidance made worse", () => {
    expect(analyseAblation(ablationRunsWith({ a: [2, 0], b: [0, 2], c: [1, 1], d: [1, 2] }, 2), []).worse).toEqual([
      "b",
      "d",
    ]);
  });

  it("states the tasks a 10-point difference needs: 116 when 15% of pairs disagree", () => {
    expect(tasksNeeded(0.1, 0.15)).toBe(116);
    expect(tasksNeeded(0.2, 0.15)).toBeNull();
    const a = analyseAblation(ablationRunsWith({ a: [1, 0], b: [1, 1] }, 1), []);
    expect(a.planning).toEqual({ effect: 0.1, discordant: 0.15, observed: false, tasksNeeded: 116 });
    expect(a.caveats.join(" ")).toMatch(/about 116 paired tasks are needed; this ablation has 2 pairs/);
  });
});

describe("tokens, cost, steps and duration paired over tasks, with planted truth", () => {
  /** `tasks` tasks of log-normal size; with guidance, every measure is multiplied by 1 − cut (and noise per run). */
  function suite(seed: number, tasks: number, cut: number): AblationRun[] {
    const rng = createRandom(seed);
    return Array.from({ length: tasks }, (_, t) => {
      const size = Math.exp(0.5 * rng.normal());
      return (["guidance", "none"] as const).map((arm) => {
        const f = size * (arm === "guidance" ? 1 - cut : 1) * Math.exp(0.2 * rng.normal());
        return ablationRun(`t${t}`, arm, 1, rng.chance(0.6) ? "completed" : "not_completed", {
          tokens: Math.round(100_000 * f),
          costUsd: 0.5 * f,
          operations: Math.round(40 * f),
          durationMs: Math.round(300_000 * f),
        });
      });
    }).flat();
  }
  // E[size · noise] = exp(0.5²/2) · exp(0.2²/2)
  const expected = Math.exp(0.125) * Math.exp(0.02);

  it("the cost difference's interval covers the planted −20% in at least 90 of 100 seeds, and a null covers 0 in at least 90", () => {
    const truth = -0.2 * 0.5 * expected;
    let cut = 0;
    let none = 0;
    for (let seed = 0; seed < 100; seed++) {
      const d = pairedMeasure(suite(seed, 40, 0.2), "costUsd")!;
      if (d.low <= truth && truth <= d.high) cut++;
      const z = pairedMeasure(suite(1000 + seed, 40, 0), "costUsd")!;
      if (z.low <= 0 && 0 <= z.high) none++;
    }
    expect(cut).toBeGreaterThanOrEqual(90);
    expect(none).toBeGreaterThanOrEqual(90);
  });

  it("reports every measure in the analysis, read off the runs that count", () => {
    const a = analyseAblation(suite(1, 40, 0.2), []);
    expect(a.measures.map((m) => m.measure)).toEqual(["tokens", "costUsd", "operations", "durationMs"]);
    for (const m of a.measures) expect(m.high, m.measure).toBeLessThan(0);
  });
});
