import { describe, expect, it } from "vitest";
import { perSuccessRatio, ratioOfMeans } from "@/lib/experiment/ratio";

describe("ratioOfMeans", () => {
  it("is the ratio of the means with a log-scale interval around it", () => {
    const r = ratioOfMeans([8, 8, 8, 8, 8.2, 7.8], [10, 10, 10.5, 9.5, 10, 10])!;
    expect(r.ratio).toBeCloseTo(0.8, 12);
    expect(r.low).toBeLessThan(0.8);
    expect(r.high).toBeGreaterThan(0.8);
    expect(r.high).toBeLessThan(1);
    expect(Math.log(r.ratio) - Math.log(r.low)).toBeCloseTo(Math.log(r.high) - Math.log(r.ratio), 12);
  });

  it("is null below two per arm or with a mean of zero, and without spread collapses to the ratio", () => {
    expect(ratioOfMeans([1], [1, 2])).toBeNull();
    expect(ratioOfMeans([0, 0], [1, 2])).toBeNull();
    expect(ratioOfMeans([2, 2], [4, 4])).toEqual({ ratio: 0.5, low: 0.5, high: 0.5, pValue: 0 });
  });
});

describe("perSuccessRatio", () => {
  it("compares all spend over the successes: guidance that doubles success at the same spend halves a success's cost", () => {
    const cost = Array.from({ length: 40 }, (_, i) => 1 + (i % 4) / 10);
    const r = perSuccessRatio(
      { cost, success: cost.map((_, i) => (i % 2 === 0 ? 1 : 0)) },
      { cost, success: cost.map((_, i) => (i % 4 === 0 ? 1 : 0)) },
    )!;
    expect(r.ratio).toBeCloseTo(0.5, 12);
    expect(r.low).toBeLessThan(0.5);
    expect(r.high).toBeGreaterThan(0.5);
  });

  it("is null without a success in an arm", () => {
    expect(perSuccessRatio({ cost: [1, 2], success: [0, 0] }, { cost: [1, 2], success: [1, 0] })).toBeNull();
  });
});
