/**
 * The experiment report: success in the guidance arm against the holdout (Welch), every other outcome with its
 * interval (lib/experiment/outcomes.ts; cost per session is primary), how long until it can be read, what the
 * guidance costs against what it saves, the sample still needed,
 * per-rule adherence, the weekly series and plain-words caveats. Pure: the caller loads the period's
 * enrolled sessions (deliveries joined with their sessions) and counts the sessions that never asked.
 */
import { PRICES } from "@/lib/cost/prices";
import { armCost } from "@/lib/experiment/cost";
import { ruleAdherence } from "@/lib/experiment/adherence";
import { caveats } from "@/lib/experiment/caveats";
import type { ArmComparison, EnrolledSession, ExperimentReport, ExperimentSettings } from "@/lib/experiment/contract";
import { isLinked, type LinkedSession } from "@/lib/experiment/linked";
import { knownSince, type KnownFailure } from "@/lib/experiment/known-mistakes";
import { noteEffects, type NoteDraw } from "@/lib/experiment/note-effects";
import { compareOutcomes, sessionMeasures, type SessionMeasures } from "@/lib/experiment/outcomes";
import { neededTotal, planningSd, powerPanel, PLANNED_EFFECT } from "@/lib/experiment/power";
import { savingsPanel } from "@/lib/experiment/savings";
import { weeklySeries } from "@/lib/experiment/weekly";
import { moments, summarize, welchInterval } from "@/lib/learn/stats";
import { welchPValue } from "@/lib/experiment/welch";

/** Guidance minus holdout mean success: Welch 95% interval and two-sided p-value; null below 2 per arm. */
export function compareSuccess(guidance: readonly number[], holdout: readonly number[]): ArmComparison | null {
  if (guidance.length < 2 || holdout.length < 2) return null;
  const g = summarize(moments(guidance));
  const h = summarize(moments(holdout));
  const w = welchInterval(g, h);
  return {
    guidance: g,
    holdout: h,
    difference: w.estimate,
    low: w.low,
    high: w.high,
    pValue: welchPValue(w.estimate, w.se, w.df),
  };
}

/** What the report reads beyond the sessions. */
export interface ExperimentContext {
  /** The project's known failures (lib/experiment/known-mistakes.ts). */
  known?: readonly KnownFailure[];
  /** Approximate tokens of the guidance delivered in the period (the latest generation); null when none. */
  guidanceTokens?: number | null;
  /** The tool-call notes due in the period, and the error signatures of each item they quote (by key). */
  notes?: { draws: readonly NoteDraw[]; signatures: ReadonlyMap<string, readonly string[]> };
  /** Now (epoch ms), for the rate of new sessions; default: the latest delivery. */
  now?: number;
}

/** The model with the most tokens over these sessions; null when none counts tokens. */
function mainModel(sessions: readonly LinkedSession[]): string | null {
  const totals = new Map<string, number>();
  for (const s of sessions) {
    for (const [model, t] of Object.entries(s.outcome.tokensByModel))
      totals.set(model, (totals.get(model) ?? 0) + t.input + t.output + t.cacheRead + t.cacheCreation);
  }
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

export function analyseExperiment(
  settings: ExperimentSettings,
  sessions: EnrolledSession[],
  notEnrolled: number,
  context: ExperimentContext = {},
): ExperimentReport {
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
  const known = knownSince(context.known ?? []);
  const gm = guidance.map((s) => sessionMeasures(s, PRICES, known));
  const hm = holdout.map((s) => sessionMeasures(s, PRICES, known));
  const costs = (xs: readonly SessionMeasures[]) => xs.flatMap((m) => (m.costUsd === null ? [] : [m.costUsd]));
  const howLong = powerPanel({
    share: settings.holdoutShare,
    guidanceCosts: costs(gm),
    holdoutCosts: costs(hm),
    startedAt: settings.startedAt,
    now: context.now ?? sessions.reduce((latest, s) => Math.max(latest, s.deliveredAt), settings.startedAt),
  });
  const outcomes = compareOutcomes(gm, hm, howLong.powered);
  const adherence = ruleAdherence(new Set(sessions.flatMap((s) => s.rules)), guidance, holdout);

  return {
    settings,
    counts,
    success: compareSuccess(successes(guidance), successes(holdout)),
    power: {
      effect: PLANNED_EFFECT,
      neededTotal: needed,
      more: needed === null ? null : Math.max(0, needed - linked.length),
    },
    adherence,
    weekly: weeklySeries(linked),
    cost: { guidance: armCost(guidance, PRICES), holdout: armCost(holdout, PRICES), prices: PRICES.version },
    outcomes,
    howLong,
    savings: savingsPanel({
      guidance: gm,
      holdout: hm,
      guidanceSessions: counts.guidance,
      guidanceTokens: context.guidanceTokens ?? null,
      model: mainModel(guidance),
      prices: PRICES,
      cost: outcomes.find((o) => o.key === "cost")!,
      power: howLong,
    }),
    notes: noteEffects(context.notes?.draws ?? [], sessions, context.notes?.signatures ?? new Map()),
    caveats: caveats({
      settings,
      counts,
      linkedStarts: linked.map((s) => s.outcome.startedAt),
      rulesCompared: adherence.filter((r) => r.difference !== null).length,
    }),
  };
}
