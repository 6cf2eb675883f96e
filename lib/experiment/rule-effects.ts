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
 */
import { adherenceRate } from "@/lib/experiment/adherence";
import { splitRules } from "@/lib/experiment/arm";
import { isMeasuredRule } from "@/lib/experiment/behaviours";
import type { EnrolledSession, Rate } from "@/lib/experiment/contract";
import { isLinked } from "@/lib/experiment/linked";
import { neededTotal, planningSd, PLANNED_EFFECT } from "@/lib/experiment/power";
import type { RuleTest, RuleVerdict } from "@/lib/guidance/contract";
import { familyLevel } from "@/lib/guidance/wording";
import { moments, summarize, welchInterval } from "@/lib/learn/stats";

/** A guidance-arm session as the factorial reads it: the rules it was told and left out, and its outcome. */
export interface FactorialSession {
  told: readonly string[];
  leftOut: readonly string[];
  success: number;
  features?: NonNullable<EnrolledSession["outcome"]>["features"];
}

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
}

/** Each rule's effect in a period with the rule's current wording (null when no guidance holds it now); `running`: the holdout is on. */
export interface RuleEffectsReport {
  effects: (RuleEffect & { instruction: string | null })[];
  running: boolean;
}

/** The linked guidance-arm sessions of a period, each with the rules it was told and left out. */
export function factorialSessions(sessions: readonly EnrolledSession[], salt: string): FactorialSession[] {
  return sessions.filter(isLinked).flatMap((s) => {
    if (s.arm !== "guidance") return [];
    const { told, leftOut } = splitRules(s.sessionId, salt, s.rules);
    return [{ told, leftOut, success: s.outcome.success, features: s.outcome.features }];
  });
}

const conservativeEnd = (low: number, high: number) => (low > 0 ? low : high < 0 ? high : 0);

function adherenceOf(key: string, told: readonly FactorialSession[], notTold: readonly FactorialSession[]): RuleEffect["adherence"] {
  if (!isMeasuredRule(key)) return null;
  const observed = (xs: readonly FactorialSession[]) => xs.flatMap((s) => (s.features ? [{ rules: [key], outcome: { features: s.features } }] : []));
  return { told: adherenceRate(observed(told), key), notTold: adherenceRate(observed(notTold), key) };
}

/** Each rule's randomised effect, verdict and adherence, in the order of `keys`. */
export function ruleEffects(sessions: readonly FactorialSession[], keys: readonly string[]): RuleEffect[] {
  const level = familyLevel(keys.length);
  return keys.map((key) => {
    const told = sessions.filter((s) => s.told.includes(key));
    const notTold = sessions.filter((s) => s.leftOut.includes(key));
    const [a, b] = [told.map((s) => s.success), notTold.map((s) => s.success)];
    const needed = neededTotal(0.5, planningSd(a, b), PLANNED_EFFECT) ?? 0;
    const sessionsNeeded = Math.max(0, needed - a.length - b.length);
    const base = { key, told: a.length, notTold: b.length, adherence: adherenceOf(key, told, notTold), sessionsNeeded };
    if (a.length < 2 || b.length < 2) return { ...base, effect: null, low: null, high: null, headline: null, verdict: "running" as const };
    const [sa, sb] = [summarize(moments(a)), summarize(moments(b))];
    const plain = welchInterval(sa, sb);
    const corrected = welchInterval(sa, sb, level);
    const verdict: RuleEffect["verdict"] = corrected.low > 0 ? "helps" : corrected.high < 0 ? "hurts" : sessionsNeeded === 0 ? "no effect shown" : "running";
    return { ...base, effect: plain.estimate, low: plain.low, high: plain.high, headline: conservativeEnd(plain.low, plain.high), verdict };
  });
}

/** A rule's test as guidance carries it, once the experiment has given a verdict; undefined while it runs. */
export function ruleTest(effect: RuleEffect): RuleTest | undefined {
  if (effect.verdict === "running" || effect.effect === null || effect.low === null || effect.high === null) return undefined;
  return { verdict: effect.verdict, effect: effect.effect, low: effect.low, high: effect.high, told: effect.told, notTold: effect.notTold };
}
