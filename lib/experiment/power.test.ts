import { describe, expect, it } from "vitest";
import { compareSuccess } from "@/lib/experiment/analysis";
import { detectableCut, neededForCut, neededTotal, powerPanel } from "@/lib/experiment/power";
import { ratioOfMeans } from "@/lib/experiment/ratio";
import { createRandom } from "@/test/factories/generate/random";

const REPLICATIONS = 1000;

/** Share of replications in which the test, run on `total` sessions split s : 1 − s, excludes no effect. */
function simulatedPower(
  total: number,
  share: number,
  draw: (arm: "guidance" | "holdout") => number,
  rejects: (g: number[], h: number[]) => boolean,
): number {
  const holdoutN = Math.round(total * share);
  let hits = 0;
  for (let r = 0; r < REPLICATIONS; r++) {
    const g = Array.from({ length: total - holdoutN }, () => draw("guidance"));
    const h = Array.from({ length: holdoutN }, () => draw("holdout"));
    if (rejects(g, h)) hits++;
  }
  return hits / REPLICATIONS;
}

describe("the power figure matches a simulation of the same design within 10%", () => {
  it("cost per session: log-normal spend (σ = 0.6), a 20% cut, holdout 20%", () => {
    const sigma = 0.6;
    const cv = Math.sqrt(Math.exp(sigma * sigma) - 1);
    const share = 0.2;
    const total = neededForCut(share, cv, 0.2)!;
    const rng = createRandom(11);
    const power = simulatedPower(
      total,
      share,
      (arm) => (arm === "guidance" ? 0.8 : 1) * Math.exp(sigma * rng.normal()),
      (g, h) => ratioOfMeans(g, h)!.high < 1,
    );
    expect(total).toBe(427);
    expect(Math.abs(power - 0.8)).toBeLessThanOrEqual(0.08);
  });

  it("success: 50% against 60%, holdout 50%", () => {
    const share = 0.5;
    const total = neededTotal(share, 0.5, 0.1)!;
    const rng = createRandom(12);
    const power = simulatedPower(
      total,
      share,
      (arm) => (rng.chance(arm === "guidance" ? 0.6 : 0.5) ? 1 : 0),
      (g, h) => compareSuccess(g, h)!.low > 0,
    );
    expect(total).toBe(785);
    expect(Math.abs(power - 0.8)).toBeLessThanOrEqual(0.08);
  });
});

describe("powerPanel", () => {
  it("shows the smallest detectable cut today, the sessions and days still needed, and is not powered before them", () => {
    const rng = createRandom(3);
    const costs = (n: number) => Array.from({ length: n }, () => Math.exp(0.6 * rng.normal()));
    const start = Date.UTC(2026, 0, 1);
    const panel = powerPanel({
      share: 0.2,
      guidanceCosts: costs(80),
      holdoutCosts: costs(20),
      startedAt: start,
      now: start + 10 * 86_400_000,
    });
    expect(panel.cvObserved).toBe(true);
    expect(panel.perDay).toBe(10);
    expect(panel.powered).toBe(false);
    expect(panel.more).toBe(panel.neededTotal! - 100);
    expect(panel.days).toBe(Math.ceil(panel.more! / 10));
    expect(panel.detectableCut).toBeCloseTo(detectableCut(80, 20, panel.cv)!, 12);
    expect(panel.detectableCut!).toBeGreaterThan(0.2);
  });

  it("plans with a CV of 1 below 10 priced sessions, and never counts itself powered on an assumed CV", () => {
    const panel = powerPanel({
      share: 0.5,
      guidanceCosts: [1, 2],
      holdoutCosts: [1, 2],
      startedAt: 0,
      now: 86_400_000,
    });
    expect(panel.cv).toBe(1);
    expect(panel.cvObserved).toBe(false);
    expect(panel.powered).toBe(false);
  });

  it("has nothing to plan with the holdout off", () => {
    expect(neededForCut(0, 1)).toBeNull();
    expect(
      powerPanel({ share: 0, guidanceCosts: [1, 2, 3], holdoutCosts: [], startedAt: 0, now: 1 }).neededTotal,
    ).toBeNull();
  });
});
