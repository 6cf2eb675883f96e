/**
 * The experiment report: success in the guidance arm against the holdout (Welch), the sample still needed,
 * per-rule adherence, the weekly series and plain-words caveats. Pure: the caller loads the period's
 * enrolled sessions (deliveries joined with their trajectories) and counts the trajectories that never asked.
 */
import { PRICES } from "@/lib/cost/prices";
import { armCost } from "@/lib/experiment/cost";
import { ruleAdherence } from "@/lib/experiment/adherence";
import { caveats } from "@/lib/experiment/caveats";
import type { ArmComparison, EnrolledSession, ExperimentReport, ExperimentSettings } from "@/lib/experiment/contract";
import { isLinked, type LinkedSession } from "@/lib/experiment/linked";
import { neededTotal, planningSd, PLANNED_EFFECT } from "@/lib/experiment/power";
import { weeklySeries } from "@/lib/experiment/weekly";
import { moments, summarize, tCdf, welchInterval } from "@/lib/learn/stats";

/** Guidance minus holdout mean success: Welch 95% interval and two-sided p-value; null below 2 per arm. */
export function compareSuccess(guidance: readonly number[], holdout: readonly number[]): ArmComparison | null {
  if (guidance.length < 2 || holdout.length < 2) return null;
  const g = summarize(moments(guidance));
  const h = summarize(moments(holdout));
  const w = welchInterval(g, h);
  return { guidance: g, holdout: h, difference: w.estimate, low: w.low, high: w.high, pValue: welchPValue(w.estimate, w.se, w.df) };
}

/** Two-sided p-value of Welch's t = difference / se; with no spread at all, 1 for no difference and 0 otherwise. */
export function welchPValue(difference: number, se: number, df: number): number {
  if (se === 0) return difference === 0 ? 1 : 0;
  return Math.min(1, 2 * (1 - tCdf(Math.abs(difference / se), df)));
}

export function analyseExperiment(settings: ExperimentSettings, sessions: EnrolledSession[], notEnrolled: number): ExperimentReport {
  const linked = sessions.filter(isLinked);
  const guidance = linked.filter((s) => s.arm === "guidance");
  const holdout = linked.filter((s) => s.arm === "holdout");
  const successes = (xs: readonly LinkedSession[]) => xs.map((s) => s.outcome.success);

  const counts: ExperimentReport["counts"] = {
    enrolled: sessions.length,
    guidance: sessions.filter((s) => s.arm === "guidance").length,
    holdout: sessions.filter((s) => s.arm === "holdout").length,
    linked: { guidance: guidance.length, holdout: holdout.length },
    awaiting: sessions.length - linked.length,
    notEnrolled,
  };

  const needed = neededTotal(settings.holdoutShare, planningSd(successes(guidance), successes(holdout)));
  const adherence = ruleAdherence(new Set(sessions.flatMap((s) => s.rules)), guidance, holdout);

  return {
    settings,
    counts,
    success: compareSuccess(successes(guidance), successes(holdout)),
    power: { effect: PLANNED_EFFECT, neededTotal: needed, more: needed === null ? null : Math.max(0, needed - linked.length) },
    adherence,
    weekly: weeklySeries(linked),
    cost: { guidance: armCost(guidance, PRICES), holdout: armCost(holdout, PRICES), prices: PRICES.version },
    caveats: caveats({
      settings,
      counts,
      linkedStarts: linked.map((s) => s.outcome.startedAt),
      rulesCompared: adherence.filter((r) => r.difference !== null).length,
    }),
  };
}
