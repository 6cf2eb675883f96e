/**
 * Did the agent do what it was told? For each measured rule, the behaviour's rate among guidance-arm sessions
 * that were given the rule against holdout sessions from which it was withheld, with a Newcombe interval for
 * the difference.
 */
import { BEHAVIOURS, isMeasuredRule } from "@/lib/experiment/behaviours";
import type { BehaviourFeatures, MeasuredRule, Rate, RuleAdherence } from "@/lib/experiment/contract";
import { MEASURED_RULES } from "@/lib/experiment/contract";
import { newcombeInterval } from "@/lib/learn/stats";

/** A session (or an ablation run) as adherence reads it: the rules it was given or had withheld, and what it did. */
export interface ObservedSession {
  rules: readonly string[];
  outcome: { features: BehaviourFeatures };
}

/**
 * Eligible and followed counts over the measured rules each session was given (or had withheld), for one
 * rule when `only` is set, else pooled over all of them (one count per session and rule).
 */
export function adherenceRate(sessions: readonly ObservedSession[], only?: MeasuredRule): Rate {
  let eligible = 0;
  let followed = 0;
  for (const s of sessions) {
    for (const key of new Set(s.rules)) {
      if (!isMeasuredRule(key) || (only !== undefined && key !== only)) continue;
      const seen = BEHAVIOURS[key].observe(s.outcome.features);
      if (seen === null) continue;
      eligible += 1;
      if (seen) followed += 1;
    }
  }
  return { eligible, followed, rate: eligible > 0 ? followed / eligible : null };
}

/** One entry per measured rule that appears in some session's rules, in MEASURED_RULES order. */
export function ruleAdherence(
  ruleKeys: ReadonlySet<string>,
  guidance: readonly ObservedSession[],
  holdout: readonly ObservedSession[],
): RuleAdherence[] {
  return MEASURED_RULES.filter((key) => ruleKeys.has(key)).map((key) => {
    const given = adherenceRate(guidance, key);
    const held = adherenceRate(holdout, key);
    const comparable = given.eligible > 0 && held.eligible > 0;
    const interval = comparable ? newcombeInterval(given.followed, given.eligible, held.followed, held.eligible) : null;
    return {
      key,
      behaviour: BEHAVIOURS[key].behaviour,
      given,
      holdout: held,
      difference: interval?.estimate ?? null,
      low: interval?.low ?? null,
      high: interval?.high ?? null,
    };
  });
}
