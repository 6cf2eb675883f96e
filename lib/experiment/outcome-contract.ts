/**
 * The outcomes the experiment compares between the arms (docs/measuring-the-effect.md). One is primary, declared
 * before any data: cost per session. The others are secondary: read them as descriptions, not as findings: with nine
 * secondary 95% intervals, the chance that at least one excludes no effect by chance alone is about 1 − 0.95⁹ ≈ 37%.
 */

export const OUTCOME_KEYS = [
  "cost",
  "success",
  "tokens",
  "costPerSuccess",
  "steps",
  "duration",
  "toolErrors",
  "interruptions",
  "corrections",
  "knownMistakes",
] as const;
export type OutcomeKey = (typeof OUTCOME_KEYS)[number];

/** Declared in advance: what the experiment is judged on (docs/measuring-the-effect.md#the-primary-outcome). */
export const PRIMARY_OUTCOME: OutcomeKey = "cost";

/**
 * `ratio`: guidance mean over holdout mean, log-scale delta-method interval (skewed outcomes: no effect is 1).
 * `difference`: guidance mean minus holdout mean, Welch (a proportion: Newcombe) interval (no effect is 0).
 */
export type OutcomeMethod = "ratio" | "difference";

export type OutcomeUnit = "usd" | "tokens" | "operations" | "ms" | "score" | "count" | "share";

/**
 * What may be read from the interval. "not yet known" while the experiment cannot yet detect the effect it plans
 * for (underpowered), whatever the interval says; then "lower"/"higher" when the interval excludes no effect, else
 * "no difference shown".
 */
export type OutcomeReading = "lower" | "higher" | "no difference shown" | "not yet known";

export interface OutcomeArm {
  /** Sessions the outcome is known for. */
  n: number;
  mean: number | null;
}

export interface OutcomeComparison {
  key: OutcomeKey;
  label: string;
  unit: OutcomeUnit;
  method: OutcomeMethod;
  primary: boolean;
  guidance: OutcomeArm;
  holdout: OutcomeArm;
  /** Ratio or difference as `method` says; null below 2 sessions per arm (or a mean of 0 for a ratio). */
  estimate: number | null;
  low: number | null;
  high: number | null;
  pValue: number | null;
  reading: OutcomeReading;
}

/** How long until the primary outcome can be read (lib/experiment/power.ts). */
export interface PowerPanel {
  outcome: OutcomeKey;
  /** The effect planned for: a cut of this share in cost per session (0.2: 20% less). */
  plannedCut: number;
  /** Coefficient of variation of cost per session used for planning, and whether it was observed or assumed. */
  cv: number;
  cvObserved: boolean;
  /** Sessions with a priced cost, per arm, today. */
  guidance: number;
  holdout: number;
  /** Smallest cut in cost per session detectable today with 80% power (0.35: 35% less); null with an arm empty. */
  detectableCut: number | null;
  /** Priced sessions needed in all for the planned cut; null with the holdout off. */
  neededTotal: number | null;
  more: number | null;
  /** Linked sessions per day so far, and the days the `more` sessions would take at that rate (null: no rate yet). */
  perDay: number | null;
  days: number | null;
  /** True once the sessions reach `neededTotal`: only then is a reading shown as a finding. */
  powered: boolean;
}

export type PaysVerdict = "not yet known" | "yes" | "no";

/** What the injected guidance costs against what it saves, per guidance-arm session. */
export interface SavingsPanel {
  /** Approximate tokens of the guidance delivered (its markdown's characters / 4), and what they cost as input. */
  guidanceTokens: number | null;
  guidanceUsdPerSession: number | null;
  /** Guidance-arm sessions × the guidance's cost: what injecting it has cost in this period. */
  injectedUsd: number | null;
  /** Holdout mean minus guidance mean (positive: guidance saves), with 95% intervals. */
  saved: {
    usdPerSession: { estimate: number; low: number; high: number } | null;
    stepsPerSession: { estimate: number; low: number; high: number } | null;
    msPerSession: { estimate: number; low: number; high: number } | null;
  };
  /** "yes" when the cost ratio's interval lies below 1, "no" above 1, else (or while underpowered) "not yet known". */
  verdict: PaysVerdict;
  reason: string;
}
