/**
 * Each rule's randomised effect (docs/statistics.md#each-rule-tested-by-randomisation). While a project's
 * experiment runs, every rule of a guidance-arm session's guidance is told or left out by its own fair draw
 * (lib/experiment/arm.ts ruleIncluded), so within the guidance arm the sessions told a rule and those not told it
 * differ, on average, only in that rule: their difference in mean success is the rule's causal effect on success
 * (given the rest of the guidance at random), free of any hidden difficulty. The holdout (no guidance at all) stays
 * one arm of its own and takes no part in these contrasts.
 *
 * Per rule: Welch's 95% interval of told − not told; adherence (did told sessions show the behaviour more?) for the
 * rules whose behaviour is measured; the verdict, on the interval Bonferroni-corrected over the rules tested at once:
 * - helps / hurts: the corrected interval excludes zero on that side;
 * - no effect shown: it does not, and the sample has reached what a PLANNED_EFFECT needs at 80% power;
 * - running: neither yet, with the sessions still needed.
 * The headline is the 95% interval's conservative end (the end nearest zero), so a small sample does not overstate.
 * Beside success, each rule's effect on cost per session, steps, active duration and tool errors, told against not
 * told, by the same methods the holdout comparison uses (lib/experiment/outcomes.ts): descriptions, not verdicts.
 *
 * The verdict is computed from each rule's told and not-told moments (`RuleArms`), which the deliveries' kept draws give
 * where guidance is built (`ruleArmsOf`) and sessions give here, so the page and the guidance say the same.
 */
import { adherenceRate } from "@/lib/experiment/adherence";
import { splitRules } from "@/lib/experiment/arm";
import { isMeasuredRule } from "@/lib/experiment/behaviours";
import type { EnrolledSession, Rate } from "@/lib/experiment/contract";
import { isLinked } from "@/lib/experiment/linked";
import type { OutcomeComparison, OutcomeKey } from "@/lib/experiment/outcome-contract";
import { compareOutcomes, sessionMeasures, type SessionMeasures } from "@/lib/experiment/outcomes";
import { neededTotal, planningSdOf, PLANNED_EFFECT } from "@/lib/experiment/power";
import { PRICES } from "@/lib/cost/prices";
import type { RuleTest, RuleVerdict } from "@/lib/guidance/contract";
import { familyLevel } from "@/lib/guidance/wording";
import { moments, summarize, welchInterval, type Moments } from "@/lib/learn/stats";

/** A guidance-arm session as the factorial reads it: the rules it was told and left out, and its outcome. */
export interface FactorialSession {
  told: readonly string[];
  leftOut: readonly string[];
  success: number;
  features?: NonNullable<EnrolledSession["outcome"]>["features"];
  /** Its other outcomes (lib/experiment/outcomes.ts), when known. */
  measures?: SessionMeasures;
}

/** A rule's told and not-told sessions, as moments of their success. */
export interface RuleArms {
  key: string;
  told: Moments;
  notTold: Moments;
}

/** The outcomes beyond success each rule is compared on, told against not told. */
export const RULE_OUTCOMES: readonly OutcomeKey[] = ["cost", "steps", "duration", "toolErrors"];

export interface RuleEffect {
  key: string;
  told: number;
  notTold: number;
  /** Told − not told mean success with its 95% interval; null below 2 sessions a side. */
  effect: number | null;
  low: number | null;
  high: number | null;
  /** The 95% interval's end nearest zero: the headline. */
  headline: number | null;
  verdict: RuleVerdict | "running";
  /** The behaviour's rate when told and when not told (measured rules only). */
  adherence: { told: Rate; notTold: Rate } | null;
  /** More linked guidance-arm sessions a verdict needs (0 once the planned sample is reached). */
  sessionsNeeded: number;
  /**
   * RULE_OUTCOMES, told (`guidance`) against not told (`holdout`), as the holdout comparison reads them: a reading only
   * once the rule's planned sample is reached.
   */
  outcomes: OutcomeComparison[];
}

/** Each rule's effect in a period with the rule's current wording (null when no guidance holds it now); `running`: the holdout is on. */
export interface RuleEffectsReport {
  effects: (RuleEffect & { instruction: string | null })[];
  running: boolean;
}

type SuccessEffect = Omit<RuleEffect, "adherence" | "outcomes">;

/**
 * The linked guidance-arm sessions of a period, each with the rules it was told and left out; `known` the project's
 * known failures by signature (lib/experiment/known-mistakes.ts knownSince), for the outcomes.
 */
export function factorialSessions(
  sessions: readonly EnrolledSession[],
  salt: string,
  known: ReadonlyMap<string, number> = new Map(),
): FactorialSession[] {
  return sessions.filter(isLinked).flatMap((s) => {
    if (s.arm !== "guidance") return [];
    const { told, leftOut } = splitRules(s.sessionId, salt, s.rules);
    return [
      {
        told,
        leftOut,
        success: s.outcome.success,
        features: s.outcome.features,
        measures: sessionMeasures(s, PRICES, known),
      },
    ];
  });
}

const conservativeEnd = (low: number, high: number) => (low > 0 ? low : high < 0 ? high : 0);

function adherenceOf(
  key: string,
  told: readonly FactorialSession[],
  notTold: readonly FactorialSession[],
): RuleEffect["adherence"] {
  if (!isMeasuredRule(key)) return null;
  const observed = (xs: readonly FactorialSession[]) =>
    xs.flatMap((s) => (s.features ? [{ rules: [key], outcome: { features: s.features } }] : []));
  return { told: adherenceRate(observed(told), key), notTold: adherenceRate(observed(notTold), key) };
}

/** One rule's effect on success and its verdict, at the family's two-sided `level` (Bonferroni over the rules tested at once). */
function successEffect({ key, told, notTold }: RuleArms, level: number): SuccessEffect {
  const needed = neededTotal(0.5, planningSdOf(told, notTold), PLANNED_EFFECT) ?? 0;
  const sessionsNeeded = Math.max(0, needed - told.n - notTold.n);
  const base = { key, told: told.n, notTold: notTold.n, sessionsNeeded };
  if (told.n < 2 || notTold.n < 2)
    return { ...base, effect: null, low: null, high: null, headline: null, verdict: "running" };
  const [sa, sb] = [summarize(told), summarize(notTold)];
  const plain = welchInterval(sa, sb);
  const corrected = welchInterval(sa, sb, level);
  const verdict: RuleEffect["verdict"] =
    corrected.low > 0 ? "helps" : corrected.high < 0 ? "hurts" : sessionsNeeded === 0 ? "no effect shown" : "running";
  return {
    ...base,
    effect: plain.estimate,
    low: plain.low,
    high: plain.high,
    headline: conservativeEnd(plain.low, plain.high),
    verdict,
  };
}

const measuresOf = (xs: readonly FactorialSession[]) => xs.flatMap((s) => (s.measures ? [s.measures] : []));

/** Each rule's randomised effect, verdict, adherence and other outcomes, in the order of `keys`. */
export function ruleEffects(sessions: readonly FactorialSession[], keys: readonly string[]): RuleEffect[] {
  const level = familyLevel(keys.length);
  return keys.map((key) => {
    const told = sessions.filter((s) => s.told.includes(key));
    const notTold = sessions.filter((s) => s.leftOut.includes(key));
    const effect = successEffect(
      { key, told: moments(told.map((s) => s.success)), notTold: moments(notTold.map((s) => s.success)) },
      level,
    );
    const outcomes = compareOutcomes(measuresOf(told), measuresOf(notTold), effect.sessionsNeeded === 0).filter((o) =>
      RULE_OUTCOMES.includes(o.key),
    );
    return { ...effect, adherence: adherenceOf(key, told, notTold), outcomes };
  });
}

/** A rule's test as guidance carries it, once the experiment has given a verdict; undefined while it runs. */
export function ruleTest(effect: SuccessEffect): RuleTest | undefined {
  if (effect.verdict === "running" || effect.effect === null || effect.low === null || effect.high === null)
    return undefined;
  return {
    verdict: effect.verdict,
    effect: effect.effect,
    low: effect.low,
    high: effect.high,
    told: effect.told,
    notTold: effect.notTold,
  };
}

/**
 * Each rule's told and not-told success moments from a period's deliveries (db/queries/rule-arms.ts): every rule any
 * delivery recorded, in order of first appearance, counted from the linked guidance-arm sessions (`success` not null),
 * each told unless its delivery's draw left it out.
 */
export function ruleArmsOf(
  deliveries: readonly { rules: readonly string[]; leftOut: readonly string[] | null; success: number | null }[],
): RuleArms[] {
  const sums = new Map<string, { told: number[]; notTold: number[] }>();
  for (const d of deliveries) {
    for (const key of d.rules) {
      const entry = sums.get(key) ?? { told: [0, 0, 0], notTold: [0, 0, 0] };
      sums.set(key, entry);
      if (d.success === null) continue;
      const side = d.leftOut?.includes(key) ? entry.notTold : entry.told;
      side[0]! += 1;
      side[1]! += d.success;
      side[2]! += d.success * d.success;
    }
  }
  const m = ([n, sum, sumSq]: number[]): Moments => ({ n: n!, sum: sum!, sumSq: sumSq! });
  return [...sums].map(([key, { told, notTold }]) => ({ key, told: m(told), notTold: m(notTold) }));
}

/**
 * The verdicts of every rule the period tested (each rule once in `arms`, also those without a linked session yet:
 * all count in the family the correction covers), keyed by rule; rules still running are absent.
 */
export function ruleTests(arms: readonly RuleArms[]): Map<string, RuleTest> {
  const level = familyLevel(arms.length);
  return new Map(
    arms.flatMap((a) => {
      const test = ruleTest(successEffect(a, level));
      return test ? [[a.key, test] as const] : [];
    }),
  );
}
