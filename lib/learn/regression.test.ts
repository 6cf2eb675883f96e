import { describe, expect, it } from "vitest";
import { coefficientInterval, fitCoefficient, type Cell } from "@/lib/learn/regression";
import { moments, summarize } from "@/lib/learn/stats";

const cell = (x: number[], ys: number[]): Cell => {
  const m = moments(ys);
  return { x, n: m.n, sum: m.sum, sumSq: m.sumSq };
};

describe("fitCoefficient", () => {
  it("with an intercept and one indicator, is the difference of means with the HC3 standard error s²/(n − 1) per group", () => {
    const treated = [0.9, 0.7, 0.8, 1, 0.6];
    const control = [0.5, 0.6, 0.4, 0.7, 0.3, 0.5];
    const fit = fitCoefficient([cell([1, 1], treated), cell([1, 0], control)], 1);
    const [a, b] = [summarize(moments(treated)), summarize(moments(control))];
    expect(fit?.estimate).toBeCloseTo(a.mean - b.mean, 12);
    expect(fit?.se).toBeCloseTo(Math.sqrt(a.sd ** 2 / (a.n - 1) + b.sd ** 2 / (b.n - 1)), 12);
    expect(fit?.df).toBe(9);
  });

  it("separates a behaviour from the domain it is common in", () => {
    // Domain A scores 0.8 and B 0.4 whatever the behaviour; the behaviour is frequent in A, rare in B.
    const cells = [
      cell([1, 0, 1], [0.8, 0.9, 0.7, 0.8, 0.85, 0.75, 0.8, 0.8]),
      cell([1, 0, 0], [0.8, 0.9, 0.7]),
      cell([0, 1, 1], [0.4, 0.5, 0.3]),
      cell([0, 1, 0], [0.4, 0.5, 0.3, 0.4, 0.45, 0.35, 0.4, 0.4]),
    ];
    const naive = (0.8 * 8 + 0.4 * 3) / 11 - (0.8 * 3 + 0.4 * 8) / 11;
    expect(naive).toBeGreaterThan(0.15);
    const fit = fitCoefficient(cells, 2);
    expect(fit?.estimate).toBeCloseTo(0, 12);
    const ci = coefficientInterval(fit!);
    expect(ci.low).toBeLessThan(0);
    expect(ci.high).toBeGreaterThan(0);
  });

  it("recovers an exact effect, drops zero and duplicated columns, and reports what it kept", () => {
    const cells = [
      cell([1, 0, 1, 0, 1], [0.7, 0.7]),
      cell([1, 0, 1, 0, 0], [0.6, 0.6]),
      cell([1, 1, 1, 0, 1], [0.9, 0.9]),
      cell([1, 1, 1, 0, 0], [0.8, 0.8]),
    ];
    const fit = fitCoefficient(cells, 4);
    expect(fit?.estimate).toBeCloseTo(0.1, 12);
    expect(fit?.se).toBe(0);
    expect(fit?.kept).toEqual([0, 1, 4]);
  });

  it("gives nothing when the behaviour cannot be told apart from the others, or nothing is left to estimate the noise", () => {
    // The behaviour is exactly domain B.
    expect(fitCoefficient([cell([1, 0, 0], [0.5, 0.6]), cell([0, 1, 1], [0.7, 0.8])], 2)).toBeNull();
    expect(fitCoefficient([cell([1, 1], [0.5]), cell([1, 0], [0.6])], 1)).toBeNull();
    expect(fitCoefficient([], 0)).toBeNull();
  });
});
