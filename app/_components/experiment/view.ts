import type { ArmComparison, ArmSummary, RuleAdherence, WeekPoint } from "@/lib/experiment/contract";
import { armInterval, formatRate } from "@/lib/experiment/wording";
import { formatInterval, formatPercent, formatPoints, formatQuantity } from "@/lib/format";
import { ARM_STYLE } from "./arms";

/**
 * Pure helpers of the experiment page: the wording of shares, p-values, the power figure and the verdict, each
 * arm's own interval, the shared scale of the inline interval bars, and the rows of the weekly charts. Rates
 * are 0..1 as in the contract.
 */

/** The shares a manager can choose in Settings (0 = off is separate). */
export const SHARE_CHOICES = [0.05, 0.1, 0.2, 0.3, 0.5] as const;

export interface ArmPoint {
  arm: "Guidance" | "Holdout";
  n: number;
  /** Percent (0..100): the mean and its 95% interval. */
  mean: number;
  low: number;
  high: number;
  /** [low, high], so a bar spans the interval. */
  range: [number, number];
  color: string;
}

/** The arms as chart rows in percent, each with its own 95% interval (a single session's interval is its mean). */
export function armPoints(comparison: ArmComparison): ArmPoint[] {
  return (["guidance", "holdout"] as const).map((key) => {
    const arm = comparison[key];
    const interval = armInterval(arm) ?? { low: arm.mean, high: arm.mean };
    const [mean, low, high] = [arm.mean, interval.low, interval.high].map((v) => Math.round(v * 1000) / 10) as [
      number,
      number,
      number,
    ];
    return { arm: ARM_STYLE[key].label, n: arm.n, mean, low, high, range: [low, high], color: ARM_STYLE[key].color };
  });
}

/** The chart in one sentence, for screen readers. */
export function armsSummary(comparison: ArmComparison): string {
  const arm = (label: string, a: ArmSummary) =>
    `${label}: mean success ${formatPercent(a.mean)} over ${formatQuantity(a.n, "session")}`;
  return `${arm("Guidance", comparison.guidance)}; ${arm("holdout", comparison.holdout)}; difference ${formatPoints(comparison.difference)}, 95% interval ${formatInterval(comparison.low, comparison.high)}.`;
}

/**
 * The half-width, in rate units, of the scale all inline interval bars share: the widest end over the rows,
 * rounded up to 25 points, between 25 and 100 points; rows compare by eye because they share it.
 */
export function intervalScale(intervals: ReadonlyArray<{ low: number | null; high: number | null }>): number {
  const widest = Math.max(0, ...intervals.flatMap((i) => [Math.abs(i.low ?? 0), Math.abs(i.high ?? 0)]));
  return Math.min(1, Math.max(0.25, Math.ceil(widest / 0.25 - 1e-9) * 0.25));
}

/** Where an interval sits on a bar from −scale to +scale, in percent of the bar's width (clamped at the ends). */
export function intervalGeometry(
  low: number,
  high: number,
  estimate: number,
  scale: number,
): { left: number; width: number; point: number } {
  const at = (v: number) => Math.min(100, Math.max(0, ((v + scale) / (2 * scale)) * 100));
  return { left: at(low), width: Math.max(0, at(high) - at(low)), point: at(estimate) };
}

/** An adherence row in one sentence, for screen readers and the bar's tooltip. */
export function adherenceSummary(row: RuleAdherence): string {
  const given = `given the rule: ${formatRate(row.given)}`;
  const holdout = `holdout: ${formatRate(row.holdout)}`;
  if (row.difference == null || row.low == null || row.high == null) return `${row.behaviour} — ${given}; ${holdout}.`;
  return `${row.behaviour} — ${given}; ${holdout}; difference ${formatPoints(row.difference)}, 95% interval ${formatInterval(row.low, row.high)}.`;
}

export interface WeekRow {
  week: string;
  /** Percent (0..100) or null when the arm had no linked session that week. */
  guidance: number | null;
  holdout: number | null;
  guidanceN: number;
  holdoutN: number;
  adherenceGiven: number | null;
  adherenceHoldout: number | null;
}

const percentOrNull = (ratio: number | null) => (ratio == null ? null : Math.round(ratio * 1000) / 10);

/** The weekly points as chart rows in percent. */
export function weekRows(weekly: readonly WeekPoint[]): WeekRow[] {
  return weekly.map((w) => ({
    week: w.week,
    guidance: percentOrNull(w.guidance.mean),
    holdout: percentOrNull(w.holdout.mean),
    guidanceN: w.guidance.n,
    holdoutN: w.holdout.n,
    adherenceGiven: percentOrNull(w.adherenceGiven),
    adherenceHoldout: percentOrNull(w.adherenceHoldout),
  }));
}

/** `/api/v1/projects/<slug>/experiment/sessions.csv`. */
export function sessionsCsvHref(slug: string): string {
  return `/api/v1/projects/${encodeURIComponent(slug)}/experiment/sessions.csv`;
}

/** `/api/v1/projects/<slug>/experiment/report?download=1`: the report in markdown, as a file. */
export function reportMarkdownHref(slug: string): string {
  return `/api/v1/projects/${encodeURIComponent(slug)}/experiment/report?download=1`;
}
