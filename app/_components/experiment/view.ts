import type { ArmComparison, ArmSummary, ExperimentReport, Rate, RuleAdherence, WeekPoint } from "@/lib/experiment/contract";
import { formatCount, formatPercent, formatQuantity } from "@/lib/format";
import { tQuantile } from "@/lib/learn/stats";
import { formatInterval, formatPoints } from "../rules/view";
import { ARM_STYLE } from "./arms";

/**
 * Pure helpers of the experiment page: the wording of shares, p-values, the power figure and the verdict, each
 * arm's own interval, the shared scale of the inline interval bars, and the rows of the weekly charts. Rates
 * are 0..1 as in the contract.
 */

/** The shares a manager can choose in Settings (0 = off is separate). */
export const SHARE_CHOICES = [0.05, 0.1, 0.2, 0.3, 0.5] as const;

/** 0.2 → "20%", 0.05 → "5%", 0.125 → "12.5%". */
export function formatShare(share: number): string {
  const percent = Math.round(share * 1000) / 10;
  return `${percent}%`;
}

/** Two-sided p-value to two significant digits: "p = 0.43", "p = 0.012", "p < 0.001". */
export function formatPValue(p: number): string {
  if (!Number.isFinite(p)) return "p = —";
  if (p < 0.001) return "p < 0.001";
  return `p = ${Number(p.toPrecision(2))}`;
}

/** The 95% interval of one arm's mean success (t with n − 1 df), clamped to 0..1; null below 2 sessions. */
export function armInterval(arm: ArmSummary): { low: number; high: number } | null {
  if (arm.n < 2) return null;
  const half = tQuantile(0.975, arm.n - 1) * (arm.sd / Math.sqrt(arm.n));
  return { low: Math.max(0, arm.mean - half), high: Math.min(1, arm.mean + half) };
}

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
    const [mean, low, high] = [arm.mean, interval.low, interval.high].map((v) => Math.round(v * 1000) / 10) as [number, number, number];
    return { arm: ARM_STYLE[key].label, n: arm.n, mean, low, high, range: [low, high], color: ARM_STYLE[key].color };
  });
}

/** The chart in one sentence, for screen readers. */
export function armsSummary(comparison: ArmComparison): string {
  const arm = (label: string, a: ArmSummary) => `${label}: mean success ${formatPercent(a.mean)} over ${formatQuantity(a.n, "session")}`;
  return `${arm("Guidance", comparison.guidance)}; ${arm("holdout", comparison.holdout)}; difference ${formatPoints(comparison.difference)}, 95% interval ${formatInterval(comparison.low, comparison.high)}.`;
}

/** One plain sentence on what the success comparison shows, or why there is none yet; no direction while `power` says it is underpowered. */
export function successVerdict(comparison: ArmComparison | null, linked: ExperimentReport["counts"]["linked"], power?: ExperimentReport["power"]): string {
  if (!comparison) {
    return (
      `The comparison needs at least 2 sessions with a trajectory in each arm; so far ` +
      `${formatCount(linked.guidance)} in the guidance arm and ${formatCount(linked.holdout)} in the holdout.`
    );
  }
  const { difference, low, high } = comparison;
  const interval = `the 95% interval, ${formatInterval(low, high, 1)}`;
  const underpowered = power !== undefined && (power.more === null || power.more > 0);
  if (underpowered && (low > 0 || high < 0)) {
    return `Not yet a finding: ${formatPoints(difference, 1)}, and ${interval}, excludes zero, but the experiment is underpowered${power.more ? ` (${formatQuantity(power.more, "more session")} needed)` : ""}, so an interval away from zero now is often chance.`;
  }
  if (low > 0) return `Sessions given guidance succeeded more often: ${formatPoints(difference, 1)}, and ${interval}, excludes zero.`;
  if (high < 0) return `Sessions given guidance succeeded less often: ${formatPoints(difference, 1)}, and ${interval}, excludes zero.`;
  return `No difference that can be told apart from chance yet: ${interval}, includes zero.`;
}

/** With the holdout off there is nothing to compare: what the guidance arm holds so far, and what would measure it. */
export function holdoutOffVerdict(linked: ExperimentReport["counts"]["linked"]): string {
  return (
    `The holdout is off: every session that asked got guidance, so there is no holdout to compare with. ` +
    `${formatQuantity(linked.guidance, "session")} of the guidance arm ${linked.guidance === 1 ? "has" : "have"} a trajectory; ` +
    `turn the holdout on to measure what the guidance changes.`
  );
}

/** "N more sessions needed to detect a 10-point effect", in plain words for every state of the power figure. */
export function powerSentence(power: ExperimentReport["power"]): string {
  const effect = `${Math.round(power.effect * 100)}-point`;
  if (power.neededTotal == null) return `How many sessions it takes to detect a ${effect} difference in success is known once each arm has 2 sessions with a trajectory.`;
  const inAll = `${formatQuantity(power.neededTotal, "session")} with a trajectory in all, at 80% power and the 5% level`;
  if (power.more == null || power.more <= 0) return `Enough sessions to detect a ${effect} difference in success (${inAll}).`;
  return `${formatQuantity(power.more, "more session")} needed to detect a ${effect} difference in success (${inAll}).`;
}

/** "62% (31 of 50)", or "nobody eligible". */
export function formatRate(rate: Rate): string {
  if (rate.eligible === 0 || rate.rate == null) return "nobody eligible";
  return `${formatPercent(rate.rate)} (${formatCount(rate.followed)} of ${formatCount(rate.eligible)})`;
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
export function intervalGeometry(low: number, high: number, estimate: number, scale: number): { left: number; width: number; point: number } {
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
