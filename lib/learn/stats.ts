import { mulberry32 } from "@/lib/random";

/**
 * The small statistics guidance needs, pure and dependency-free: means and standard deviations (also from
 * running sums, so SQL can aggregate without loading rows), Welch's interval for a difference of two means,
 * Wilson's interval for a proportion and Newcombe's hybrid score interval for a difference of two
 * proportions, a χ² quantile, and a seeded permutation test. Intervals are two-sided; `level` defaults to 0.95.
 */

/** Smallest group a comparison is made with: below it a standard deviation (and so an interval) means little. */
export const MIN_GROUP = 5;

/** z for a two-sided 95% interval (qnorm(0.975)). */
export const Z95 = 1.959963984540054;

export interface Moments {
  n: number;
  sum: number;
  /** Sum of squares. */
  sumSq: number;
}

export interface Summary {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 when n < 2. */
  sd: number;
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

export interface WelchInterval extends Interval {
  /** Welch–Satterthwaite degrees of freedom (Infinity when both variances are 0). */
  df: number;
  se: number;
}

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

export function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  return Math.sqrt(ss / (xs.length - 1));
}

export function moments(xs: readonly number[]): Moments {
  let sum = 0;
  let sumSq = 0;
  for (const x of xs) {
    sum += x;
    sumSq += x * x;
  }
  return { n: xs.length, sum, sumSq };
}

/** Mean and sample sd from n, Σx, Σx² (the variance is clamped at 0 against rounding). */
export function summarize(m: Moments): Summary {
  if (m.n === 0) return { n: 0, mean: NaN, sd: 0 };
  const mu = m.sum / m.n;
  if (m.n < 2) return { n: m.n, mean: mu, sd: 0 };
  const variance = Math.max(0, (m.sumSq - (m.sum * m.sum) / m.n) / (m.n - 1));
  return { n: m.n, mean: mu, sd: Math.sqrt(variance) };
}

/** The moments of `a` without `b` (b a subset of a). */
export function subtract(a: Moments, b: Moments): Moments {
  return { n: a.n - b.n, sum: a.sum - b.sum, sumSq: a.sumSq - b.sumSq };
}

export function add(a: Moments, b: Moments): Moments {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
}

export const EMPTY_MOMENTS: Moments = { n: 0, sum: 0, sumSq: 0 };

// ---- Student's t ---------------------------------------------------------------------------------------

/** ln Γ(x), Lanczos (g = 7, n = 9), relative error ~1e-15 for x > 0. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta (modified Lentz), Numerical Recipes §6.4. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` (> 0, not necessarily integer) degrees of freedom. */
export function tCdf(t: number, df: number): number {
  const nu = Math.min(df, 1e7); // beyond this t is the normal to ~1e-8
  const tail = 0.5 * incompleteBeta(nu / (nu + t * t), nu / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/**
 * The p-quantile of Student's t with `df` degrees of freedom: bisection on the exact CDF (regularized incomplete beta), accurate to ~1e-10 for df ≥ 1.
 */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`tQuantile: p must be in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`tQuantile: df must be > 0, got ${df}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
    if (hi > 1e12) return hi;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ---- Intervals -----------------------------------------------------------------------------------------

/**
 * Welch's interval for mean(a) − mean(b), unequal variances, Welch–Satterthwaite df. Needs n ≥ 2 per group.
 * When both groups have zero variance the interval collapses to the difference.
 */
export function welchInterval(a: Summary, b: Summary, level = 0.95): WelchInterval {
  if (a.n < 2 || b.n < 2) throw new RangeError("welchInterval needs at least 2 observations per group");
  const va = (a.sd * a.sd) / a.n;
  const vb = (b.sd * b.sd) / b.n;
  const se = Math.sqrt(va + vb);
  const estimate = a.mean - b.mean;
  if (se === 0) return { estimate, low: estimate, high: estimate, df: Infinity, se: 0 };
  const df = (va + vb) ** 2 / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const t = tQuantile(1 - (1 - level) / 2, df);
  return { estimate, low: estimate - t * se, high: estimate + t * se, df, se };
}

/** Wilson score interval for `successes` of `n` at 95% (z = 1.96). */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (n <= 0) return { estimate: NaN, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { estimate: p, low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/**
 * Newcombe's hybrid score interval (1998, method 10) for p1 − p2, from the two Wilson intervals:
 * L = d − √((p1 − l1)² + (u2 − p2)²), U = d + √((u1 − p1)² + (p2 − l2)²).
 */
export function newcombeInterval(x1: number, n1: number, x2: number, n2: number, z = Z95): Interval {
  const a = wilsonInterval(x1, n1, z);
  const b = wilsonInterval(x2, n2, z);
  const d = a.estimate - b.estimate;
  return {
    estimate: d,
    low: d - Math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2),
    high: d + Math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2),
  };
}

/** The p-quantile of the standard normal (Student's t with infinite degrees of freedom). */
function normalQuantile(p: number): number {
  return tQuantile(p, Infinity);
}

/** The p-quantile of χ² with `df` degrees of freedom, by the Wilson–Hilferty cube-root approximation (within ~3% at df = 1, closer above). */
export function chiSquareQuantile(p: number, df: number): number {
  const v = 2 / (9 * df);
  return df * Math.max(0, 1 - v + normalQuantile(p) * Math.sqrt(v)) ** 3;
}

// ---- Permutation test ----------------------------------------------------------------------------------

/**
 * One-sided permutation p-value for mean(a) > mean(b): the share of `rounds` random relabellings of the pooled
 * values (plus the observed one) whose first group's mean is at least the observed. Exact in its assumptions
 * (only exchangeability under no difference), so it holds for small and skewed groups where Welch's interval
 * does not. Seeded: the same values, rounds and seed give the same p.
 */
export function permutationPValue(a: readonly number[], b: readonly number[], rounds: number, seed: number): number {
  const pooled = [...a, ...b];
  const k = a.length;
  const observed = a.reduce((s, x) => s + x, 0);
  const tolerance = 1e-9 * Math.max(1, Math.abs(observed));
  const next = mulberry32(seed);
  let atLeast = 0;
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    // A partial Fisher–Yates shuffle draws the first group.
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(next() * (pooled.length - i));
      const picked = pooled[j]!;
      pooled[j] = pooled[i]!;
      pooled[i] = picked;
      sum += picked;
    }
    if (sum >= observed - tolerance) atLeast++;
  }
  return (atLeast + 1) / (rounds + 1);
}
