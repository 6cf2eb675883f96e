/**
 * Every outcome compared between the arms (lib/experiment/outcome-contract.ts): each session's measures, then per
 * outcome the arms' means and the guidance arm against the holdout, by the method that suits it — skewed outcomes
 * (tokens, cost, cost per success, steps, duration) as a ratio of means on the log scale, scores and counts as a
 * Welch difference, the share of sessions repeating a known mistake as a Newcombe difference of proportions.
 */
import { costOf } from "@/lib/cost/cost";
import type { PriceTable } from "@/lib/cost/prices";
import { hitKnownMistake } from "@/lib/experiment/known-mistakes";
import type { LinkedSession } from "@/lib/experiment/linked";
import {
  PRIMARY_OUTCOME,
  type OutcomeComparison,
  type OutcomeKey,
  type OutcomeMethod,
  type OutcomeReading,
  type OutcomeUnit,
} from "@/lib/experiment/outcome-contract";
import { perSuccessRatio, ratioOfMeans } from "@/lib/experiment/ratio";
import { THRESHOLDS } from "@/lib/guidance/aggregates";
import { moments, newcombeInterval, summarize, welchInterval } from "@/lib/learn/stats";
import { welchPValue } from "@/lib/experiment/welch";

/** One linked session's outcomes; null where this session's source does not say. */
export interface SessionMeasures {
  success: number;
  succeeded: boolean;
  tokens: number | null;
  costUsd: number | null;
  steps: number | null;
  durationMs: number | null;
  toolErrors: number | null;
  interruptions: number | null;
  corrections: number | null;
  knownMistake: boolean | null;
}

const tokenTotal = (byModel: LinkedSession["outcome"]["tokensByModel"]) => {
  const all = Object.values(byModel);
  return all.length === 0 ? null : all.reduce((sum, t) => sum + t.input + t.output + t.cacheRead + t.cacheCreation, 0);
};

export function sessionMeasures(
  s: LinkedSession,
  prices: PriceTable,
  known: ReadonlyMap<string, number>,
): SessionMeasures {
  const o = s.outcome;
  return {
    success: o.success,
    succeeded: o.success >= THRESHOLDS.succeededMinScore,
    tokens: tokenTotal(o.tokensByModel),
    costUsd: Object.keys(o.tokensByModel).length === 0 ? null : costOf(o.tokensByModel, prices).usd,
    steps: o.features.operationCount,
    durationMs: o.durationMs ?? null,
    toolErrors: o.toolErrors ?? null,
    interruptions: o.interruptions ?? null,
    corrections: o.corrections ?? null,
    knownMistake: hitKnownMistake(o.failureSignatures, o.startedAt, known),
  };
}

interface Spec {
  key: OutcomeKey;
  label: string;
  unit: OutcomeUnit;
  method: OutcomeMethod;
  /** The session's value of a per-session outcome (cost per success is formed over the arm instead). */
  value: (m: SessionMeasures) => number | null;
}

const SPECS: Spec[] = [
  { key: "cost", label: "Cost per session", unit: "usd", method: "ratio", value: (m) => m.costUsd },
  { key: "success", label: "Success (mean score)", unit: "score", method: "difference", value: (m) => m.success },
  { key: "tokens", label: "Tokens per session", unit: "tokens", method: "ratio", value: (m) => m.tokens },
  {
    key: "costPerSuccess",
    label: "Cost per successful session",
    unit: "usd",
    method: "ratio",
    value: (m) => m.costUsd,
  },
  { key: "steps", label: "Steps (operations) per session", unit: "operations", method: "ratio", value: (m) => m.steps },
  { key: "duration", label: "Duration per session", unit: "ms", method: "ratio", value: (m) => m.durationMs },
  {
    key: "toolErrors",
    label: "Tool errors per session",
    unit: "count",
    method: "difference",
    value: (m) => m.toolErrors,
  },
  {
    key: "interruptions",
    label: "Interruptions per session",
    unit: "count",
    method: "difference",
    value: (m) => m.interruptions,
  },
  {
    key: "corrections",
    label: "User corrections per session",
    unit: "count",
    method: "difference",
    value: (m) => m.corrections,
  },
  {
    key: "knownMistakes",
    label: "Sessions repeating a known mistake",
    unit: "share",
    method: "difference",
    value: (m) => (m.knownMistake === null ? null : m.knownMistake ? 1 : 0),
  },
];

const known = <T>(xs: readonly (T | null)[]): T[] => xs.filter((x): x is T => x !== null);
const meanOrNull = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Ratio outcomes: no effect is 1; difference outcomes: 0. */
export const noEffect = (method: OutcomeMethod) => (method === "ratio" ? 1 : 0);

function readingOf(method: OutcomeMethod, low: number | null, high: number | null, powered: boolean): OutcomeReading {
  if (!powered || low === null || high === null || low === high) return "not yet known";
  const none = noEffect(method);
  return high < none ? "lower" : low > none ? "higher" : "no difference shown";
}

interface Estimate {
  estimate: number;
  low: number;
  high: number;
  pValue: number | null;
}

function estimateOf(spec: Spec, g: readonly SessionMeasures[], h: readonly SessionMeasures[]): Estimate | null {
  if (spec.key === "costPerSuccess") {
    const arm = (xs: readonly SessionMeasures[]) => {
      const priced = xs.filter((m) => m.costUsd !== null);
      return { cost: priced.map((m) => m.costUsd!), success: priced.map((m) => (m.succeeded ? 1 : 0)) };
    };
    const r = perSuccessRatio(arm(g), arm(h));
    return r && { estimate: r.ratio, low: r.low, high: r.high, pValue: r.pValue };
  }
  const gv = known(g.map(spec.value));
  const hv = known(h.map(spec.value));
  if (spec.method === "ratio") {
    const r = ratioOfMeans(gv, hv);
    return r && { estimate: r.ratio, low: r.low, high: r.high, pValue: r.pValue };
  }
  if (gv.length < 2 || hv.length < 2) return null;
  if (spec.unit === "share") {
    const x = (xs: number[]) => xs.filter((v) => v === 1).length;
    const i = newcombeInterval(x(gv), gv.length, x(hv), hv.length);
    return { estimate: i.estimate, low: i.low, high: i.high, pValue: null };
  }
  const w = welchInterval(summarize(moments(gv)), summarize(moments(hv)));
  return { estimate: w.estimate, low: w.low, high: w.high, pValue: welchPValue(w.estimate, w.se, w.df) };
}

function armOf(spec: Spec, xs: readonly SessionMeasures[]): { n: number; mean: number | null } {
  if (spec.key === "costPerSuccess") {
    const priced = xs.filter((m) => m.costUsd !== null);
    const wins = priced.filter((m) => m.succeeded).length;
    return { n: priced.length, mean: wins === 0 ? null : priced.reduce((a, m) => a + m.costUsd!, 0) / wins };
  }
  const values = known(xs.map(spec.value));
  return { n: values.length, mean: meanOrNull(values) };
}

/** Every outcome, guidance arm against holdout; readings are "not yet known" unless `powered`. */
export function compareOutcomes(
  guidance: readonly SessionMeasures[],
  holdout: readonly SessionMeasures[],
  powered: boolean,
): OutcomeComparison[] {
  return SPECS.map((spec) => {
    const e = estimateOf(spec, guidance, holdout);
    return {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      method: spec.method,
      primary: spec.key === PRIMARY_OUTCOME,
      guidance: armOf(spec, guidance),
      holdout: armOf(spec, holdout),
      estimate: e?.estimate ?? null,
      low: e?.low ?? null,
      high: e?.high ?? null,
      pValue: e?.pValue ?? null,
      reading: readingOf(spec.method, e?.low ?? null, e?.high ?? null, powered),
    };
  });
}
