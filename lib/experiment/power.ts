/**
 * How many linked sessions the experiment needs, in all, to detect a given difference in mean success with
 * 80% power at α = 0.05 (two-sided), for a holdout share s:
 *   N = (z_0.975 + z_0.80)² · σ² · (1/s + 1/(1 − s)) / effect²
 * (the normal approximation for two means with allocation s : 1 − s). σ is the pooled within-arm standard
 * deviation of linked successes; with too few of them to estimate it, a planning value is used.
 */
import { summarize, moments, Z95 } from "@/lib/learn/stats";

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
  let ss = 0;
  let dof = 0;
  for (const xs of arms) {
    if (xs.length < 2) continue;
    const s = summarize(moments(xs));
    ss += (s.n - 1) * s.sd * s.sd;
    dof += s.n - 1;
  }
  return dof > 0 ? Math.sqrt(ss / dof) : null;
}

/** Planning SD: the pooled SD of these successes, or FALLBACK_SD with fewer than 10 linked or no spread. */
export function planningSd(guidance: readonly number[], holdout: readonly number[]): number {
  if (guidance.length + holdout.length < MIN_LINKED_FOR_SD) return FALLBACK_SD;
  const pooled = pooledSd([guidance, holdout]);
  return pooled !== null && pooled > 0 ? pooled : FALLBACK_SD;
}

/** Total linked sessions needed (rounded up); null when the holdout is off (share outside (0, 1)). */
export function neededTotal(share: number, sd: number, effect = PLANNED_EFFECT): number | null {
  if (!(share > 0 && share < 1)) return null;
  return Math.ceil(((Z95 + Z80) ** 2 * sd * sd * (1 / share + 1 / (1 - share))) / (effect * effect));
}
