/**
 * Ratios of means for skewed outcomes (tokens, cost, duration): guidance mean over holdout mean, with a 95%
 * interval on the log scale by the delta method, Var(log x̄) ≈ s² / (n·x̄²), and Welch–Satterthwaite degrees of
 * freedom. Closed form, so the same data always give the same interval, and a planned sample size
 * (lib/experiment/power.ts) rests on the same variance as the test.
 */
import { moments, summarize, tCdf, tQuantile } from "@/lib/learn/stats";

export interface RatioInterval {
  /** Guidance mean / holdout mean. */
  ratio: number;
  low: number;
  high: number;
  /** Two-sided p-value for a ratio of 1. */
  pValue: number;
}

/** From the log ratio, the per-arm variances of its two halves and their sample sizes. */
function logInterval(logRatio: number, va: number, na: number, vb: number, nb: number): RatioInterval {
  const se = Math.sqrt(va + vb);
  if (se === 0) {
    const r = Math.exp(logRatio);
    return { ratio: r, low: r, high: r, pValue: logRatio === 0 ? 1 : 0 };
  }
  const df = (va + vb) ** 2 / ((va * va) / Math.max(1, na - 1) + (vb * vb) / Math.max(1, nb - 1));
  const t = tQuantile(0.975, df);
  return {
    ratio: Math.exp(logRatio),
    low: Math.exp(logRatio - t * se),
    high: Math.exp(logRatio + t * se),
    pValue: Math.min(1, 2 * (1 - tCdf(Math.abs(logRatio / se), df))),
  };
}

/** Ratio of the means of two positive-valued samples; null below 2 per arm or with a mean of 0. */
export function ratioOfMeans(guidance: readonly number[], holdout: readonly number[]): RatioInterval | null {
  if (guidance.length < 2 || holdout.length < 2) return null;
  const g = summarize(moments(guidance));
  const h = summarize(moments(holdout));
  if (!(g.mean > 0 && h.mean > 0)) return null;
  return logInterval(Math.log(g.mean / h.mean), (g.sd / g.mean) ** 2 / g.n, g.n, (h.sd / h.mean) ** 2 / h.n, h.n);
}

/**
 * Var(log(c̄ / p̂)) for one arm, c the cost and s the success (0/1) of each session: the delta method with the
 * covariance of the two means, [s_c²/c̄² + s_s²/p̂² − 2·cov(c, s)/(c̄·p̂)] / n.
 */
function perSuccessLogVariance(cost: readonly number[], success: readonly number[]): { log: number; v: number } | null {
  const n = cost.length;
  const c = summarize(moments(cost));
  const s = summarize(moments(success));
  if (!(c.mean > 0 && s.mean > 0)) return null;
  let cov = 0;
  for (let i = 0; i < n; i++) cov += (cost[i]! - c.mean) * (success[i]! - s.mean);
  cov /= n - 1;
  const v = Math.max(0, (c.sd / c.mean) ** 2 + (s.sd / s.mean) ** 2 - (2 * cov) / (c.mean * s.mean)) / n;
  return { log: Math.log(c.mean / s.mean), v };
}

/**
 * Cost per successful session (all sessions' spend over the successes), guidance over holdout; each arm given as
 * its sessions' cost and success (0/1), in step. Null below 2 per arm or without a success in either arm.
 */
export function perSuccessRatio(
  guidance: { cost: number[]; success: number[] },
  holdout: { cost: number[]; success: number[] },
): RatioInterval | null {
  if (guidance.cost.length < 2 || holdout.cost.length < 2) return null;
  const g = perSuccessLogVariance(guidance.cost, guidance.success);
  const h = perSuccessLogVariance(holdout.cost, holdout.success);
  if (!g || !h) return null;
  return logInterval(g.log - h.log, g.v, guidance.cost.length, h.v, holdout.cost.length);
}
