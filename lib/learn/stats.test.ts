import { describe, expect, it } from "vitest";
import {
  chiSquareQuantile,
  mean,
  moments,
  newcombeInterval,
  permutationPValue,
  sd,
  summarize,
  tCdf,
  tQuantile,
  welchInterval,
  wilsonInterval,
} from "@/lib/learn/stats";

/*
 * Where the expected values come from (none of them from this module):
 * - t quantiles: scipy 1.17.1 `scipy.stats.t.ppf(p, df)` (the same as R `qt(p, df)` and printed tables).
 * - Welch: R's own example, `t.test(extra ~ group, data = sleep)` (Student's sleep data): t = -1.8608,
 *   df = 17.776, 95% CI -3.3654832 … 0.2054832; reproduced with scipy
 *   `ttest_ind(a, b, equal_var=False).confidence_interval()`. The second case is scipy only.
 * - Wilson: Newcombe (1998a), "Two-sided confidence intervals for the single proportion", Stat Med 17:857,
 *   Table I, method 3 (score): 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605, 0/20 → 0–0.1611,
 *   1/29 → 0.0061–0.1718; more digits from scipy `binomtest(x, n).proportion_ci(method="wilson")`.
 * - Newcombe difference: Newcombe (1998b), "Interval estimation for the difference between independent
 *   proportions", Stat Med 17:873, Table II, method 10 (hybrid score): (a) 56/70 − 48/80 → 0.0524…0.3339,
 *   (b) 9/10 − 3/10 → 0.1705…0.8090, (e) 0/10 − 0/20 → −0.1611…0.2775, (h) 10/10 − 0/10 → 0.6075…1.0000.
 */

describe("mean and sd", () => {
  it("match hand-computed values", () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(sd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138089935, 9); // sqrt(32/7)
    expect(sd([5])).toBe(0);
  });

  it("come out the same from running sums", () => {
    const xs = [0.9, 0.8, 1.0, 0.95, 0.7, 0.85];
    const s = summarize(moments(xs));
    expect(s.n).toBe(6);
    expect(s.mean).toBeCloseTo(mean(xs), 12);
    expect(s.sd).toBeCloseTo(sd(xs), 12);
    expect(summarize({ n: 3, sum: 3, sumSq: 3 - 1e-16 }).sd).toBe(0); // rounding below zero is clamped
  });
});

describe("Student t quantile", () => {
  const cases: Array<[p: number, df: number, expected: number]> = [
    [0.975, 1, 12.706204736174694],
    [0.975, 2, 4.302652729749462],
    [0.975, 3, 3.1824463052837078],
    [0.975, 5, 2.5705818356363146],
    [0.975, 10, 2.228138851986274],
    [0.975, 17.776, 2.102821310380221],
    [0.975, 30, 2.0422724563012378],
    [0.975, 100, 1.9839715185235518],
    [0.975, 1000, 1.9623390808264083],
    [0.95, 10, 1.8124611228116756],
    [0.9, 4.5, 1.5008853175085577],
  ];
  it.each(cases)("qt(%f, %f) = %f", (p, df, expected) => {
    expect(Math.abs(tQuantile(p, df) - expected)).toBeLessThan(1e-8);
    expect(Math.abs(tQuantile(1 - p, df) + expected)).toBeLessThan(1e-8);
  });

  it("inverts the CDF", () => {
    expect(tCdf(0, 7)).toBeCloseTo(0.5, 12);
    expect(tCdf(tQuantile(0.99, 3.3), 3.3)).toBeCloseTo(0.99, 10);
  });
});

describe("Welch interval", () => {
  it("reproduces R's t.test on the sleep data", () => {
    const g1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
    const g2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
    const r = welchInterval(summarize(moments(g1)), summarize(moments(g2)));
    expect(r.estimate).toBeCloseTo(-1.58, 12);
    expect(r.df).toBeCloseTo(17.776473516178488, 8);
    expect(r.low).toBeCloseTo(-3.3654832307117104, 8);
    expect(r.high).toBeCloseTo(0.20548323071171137, 8);
  });

  it("matches scipy on unequal groups", () => {
    const a = [0.9, 0.8, 1.0, 0.95, 0.7, 0.85];
    const b = [0.4, 0.9, 0.2, 0.6, 0.5, 0.3, 0.8, 0.1];
    const r = welchInterval(summarize(moments(a)), summarize(moments(b)));
    expect(r.df).toBeCloseTo(9.50402430766639, 8);
    expect(r.low).toBeCloseTo(0.1473366899431872, 8);
    expect(r.high).toBeCloseTo(0.6359966433901462, 8);
  });

  it("collapses to the difference when neither group varies", () => {
    const r = welchInterval({ n: 5, mean: 1, sd: 0 }, { n: 5, mean: 0.5, sd: 0 });
    expect([r.low, r.high]).toEqual([0.5, 0.5]);
  });
});

describe("Wilson interval", () => {
  const cases: Array<[x: number, n: number, low: number, high: number]> = [
    [81, 263, 0.2552885198782742, 0.36620957698280004],
    [15, 148, 0.06238639953073629, 0.16048724172330803],
    [0, 20, 0, 0.16112515805281935],
    [1, 29, 0.006113214292762667, 0.17175521879320282],
    [29, 29, 0.8830302015002592, 1],
  ];
  it.each(cases)("%i/%i", (x, n, low, high) => {
    const r = wilsonInterval(x, n);
    expect(r.low).toBeCloseTo(low, 10);
    expect(r.high).toBeCloseTo(high, 10);
  });
});

describe("Newcombe hybrid score interval", () => {
  const cases: Array<[x1: number, n1: number, x2: number, n2: number, low: number, high: number]> = [
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [10, 10, 0, 10, 0.6075, 1],
  ];
  it.each(cases)("%i/%i − %i/%i (Newcombe 1998 Table II)", (x1, n1, x2, n2, low, high) => {
    const r = newcombeInterval(x1, n1, x2, n2);
    expect(Math.abs(r.low - low)).toBeLessThan(5e-5);
    expect(Math.abs(r.high - high)).toBeLessThan(5e-5);
  });
});

describe("chiSquareQuantile", () => {
  it("is within 3% of the exact quantile at 1 df and closer above", () => {
    expect(chiSquareQuantile(0.95, 1) / 3.841459).toBeGreaterThan(0.97);
    expect(chiSquareQuantile(0.95, 1) / 3.841459).toBeLessThan(1.03);
    expect(chiSquareQuantile(0.95, 10) / 18.307038).toBeCloseTo(1, 2);
  });
});

describe("permutationPValue", () => {
  it("gives the exact tail share of a complete separation, deterministically for a seed", () => {
    const p = permutationPValue([9, 8, 10, 9, 11], [1, 2, 3, 2, 1], 9_999, 7);
    // Exactly 1 of the C(10, 5) = 252 splits is as extreme: p = 1/252 ≈ 0.004.
    expect(p).toBeGreaterThan(0.002);
    expect(p).toBeLessThan(0.007);
    expect(permutationPValue([9, 8, 10, 9, 11], [1, 2, 3, 2, 1], 9_999, 7)).toBe(p);
  });

  it("is about one half with no difference, and never zero", () => {
    const p = permutationPValue([1, 2, 3, 4], [1, 2, 3, 4], 999, 1);
    expect(p).toBeGreaterThan(0.4);
    expect(permutationPValue([1], [1, 1, 1], 99, 2)).toBe(1);
  });
});
