/**
 * How long until the experiment can tell. How many linked sessions the experiment needs, in all, to detect a given difference in mean success with
 * 80% power at α = 0.05 (two-sided), for a holdout share s:
 *   N = (z_0.975 + z_0.80)² · σ² · (1/s + 1/(1 − s)) / effect²
 * (the normal approximation for two means with allocation s : 1 − s). σ is the pooled within-arm standard
 * deviation of linked successes; with too few of them to estimate it, a planning value is used. The same for the
 * primary outcome, cost per session, as a ratio of means (below).
 */
import type { PowerPanel } from "@/lib/experiment/outcome-contract";
import { summarize, moments, Z95, type Moments } from "@/lib/learn/stats";

/** The difference in success the page plans for: 10 points. */
export const PLANNED_EFFECT = 0.1;

/** z for 80% power: qnorm(0.8) (R, scipy `norm.ppf(0.8)`). */
const Z80 = 0.8416212335729143;

/** Below this many linked sessions the pooled SD is not trusted and the planning value is used. */
const MIN_LINKED_FOR_SD = 10;

/** The planning SD of a 0..1 success score when it cannot be estimated yet. */
export const FALLBACK_SD = 0.25;

/** Pooled within-arm SD: √(Σ (nᵢ − 1)·sᵢ² / Σ (nᵢ − 1)) over the arms; null when it cannot be formed. */
export function pooledSd(arms: ReadonlyArray<readonly number[]>): number | null {
  return pooledSdOf(arms.map((xs) => moments(xs)));
}

/** `pooledSd` of arms given as their moments (n, Σx, Σx²). */
export function pooledSdOf(arms: readonly Moments[]): number | null {
  let ss = 0;
  let dof = 0;
  for (const m of arms) {
    if (m.n < 2) continue;
    const s = summarize(m);
    ss += (s.n - 1) * s.sd * s.sd;
    dof += s.n - 1;
  }
  return dof > 0 ? Math.sqrt(ss / dof) : null;
}

/** Planning SD: the pooled SD of these successes, or FALLBACK_SD with fewer than 10 linked or no spread. */
export function planningSd(guidance: readonly number[], holdout: readonly number[]): number {
  return planningSdOf(moments(guidance), moments(holdout));
}

/** `planningSd` of two groups given as their moments. */
export function planningSdOf(a: Moments, b: Moments): number {
  if (a.n + b.n < MIN_LINKED_FOR_SD) return FALLBACK_SD;
  const pooled = pooledSdOf([a, b]);
  return pooled !== null && pooled > 0 ? pooled : FALLBACK_SD;
}

/** Total linked sessions needed (rounded up); null when the holdout is off (share outside (0, 1)). */
export function neededTotal(share: number, sd: number, effect = PLANNED_EFFECT): number | null {
  if (!(share > 0 && share < 1)) return null;
  return Math.ceil(((Z95 + Z80) ** 2 * sd * sd * (1 / share + 1 / (1 - share))) / (effect * effect));
}

// ---- The primary outcome: cost per session, as a ratio of means -------------------------------------------

/** The cut in cost per session the page plans for: 20% (what published studies of context files saw in tokens and time). */
export const PLANNED_CUT = 0.2;

/** The planning coefficient of variation of cost per session when it cannot be estimated yet (sessions' spend is skewed: sd ≈ mean). */
export const FALLBACK_CV = 1;

const Z_SUM = Z95 + Z80;

/** Pooled within-arm coefficient of variation, √(Σ (nᵢ − 1)·CVᵢ² / Σ (nᵢ − 1)); null when it cannot be formed. */
export function pooledCv(arms: ReadonlyArray<readonly number[]>): number | null {
  let ss = 0;
  let dof = 0;
  for (const xs of arms) {
    if (xs.length < 2) continue;
    const s = summarize(moments(xs));
    if (!(s.mean > 0)) continue;
    ss += (s.n - 1) * (s.sd / s.mean) ** 2;
    dof += s.n - 1;
  }
  return dof > 0 ? Math.sqrt(ss / dof) : null;
}

/** Planning CV: the pooled CV of these costs with at least 10 of them and some spread, else FALLBACK_CV. */
export function planningCv(guidance: readonly number[], holdout: readonly number[]): { cv: number; observed: boolean } {
  if (guidance.length + holdout.length < MIN_LINKED_FOR_SD) return { cv: FALLBACK_CV, observed: false };
  const pooled = pooledCv([guidance, holdout]);
  return pooled !== null && pooled > 0 ? { cv: pooled, observed: true } : { cv: FALLBACK_CV, observed: false };
}

/**
 * Sessions needed in all to detect a cut in a ratio of means with 80% power at α = 0.05 (two-sided): the log ratio's
 * variance is about CV²·(1/n_g + 1/n_h) (the delta method the test uses, lib/experiment/ratio.ts), so
 *   N = (z_0.975 + z_0.80)² · CV² · (1/s + 1/(1 − s)) / ln(1 − cut)².
 * Null when the holdout is off.
 */
export function neededForCut(share: number, cv: number, cut = PLANNED_CUT): number | null {
  if (!(share > 0 && share < 1) || !(cut > 0 && cut < 1)) return null;
  return Math.ceil((Z_SUM ** 2 * cv * cv * (1 / share + 1 / (1 - share))) / Math.log(1 - cut) ** 2);
}

/** The smallest cut detectable with 80% power with these many sessions per arm: 1 − exp(−(z + z)·CV·√(1/n_g + 1/n_h)). */
export function detectableCut(guidance: number, holdout: number, cv: number): number | null {
  if (guidance < 1 || holdout < 1) return null;
  return 1 - Math.exp(-Z_SUM * cv * Math.sqrt(1 / guidance + 1 / holdout));
}

const DAY_MS = 86_400_000;

export interface PowerInput {
  share: number;
  /** Each priced session's cost, per arm. */
  guidanceCosts: readonly number[];
  holdoutCosts: readonly number[];
  /** The period's start and now (epoch ms): the rate of new priced sessions is over this span, a day at least. */
  startedAt: number;
  now: number;
}

/** How long until cost per session can be read: detectable cut today, sessions and days still needed. */
export function powerPanel(i: PowerInput, cut = PLANNED_CUT): PowerPanel {
  const { cv, observed } = planningCv(i.guidanceCosts, i.holdoutCosts);
  const have = i.guidanceCosts.length + i.holdoutCosts.length;
  const needed = neededForCut(i.share, cv, cut);
  const more = needed === null ? null : Math.max(0, needed - have);
  const perDay = have > 0 ? have / Math.max(1, (i.now - i.startedAt) / DAY_MS) : null;
  return {
    outcome: "cost",
    plannedCut: cut,
    cv,
    cvObserved: observed,
    guidance: i.guidanceCosts.length,
    holdout: i.holdoutCosts.length,
    detectableCut: detectableCut(i.guidanceCosts.length, i.holdoutCosts.length, cv),
    neededTotal: needed,
    more,
    perDay,
    days: more === null || perDay === null ? null : Math.ceil(more / perDay),
    powered: needed !== null && more === 0 && observed,
  };
}
