import type { Rule, RuleTest } from "@/lib/guidance/contract";
import { signed } from "@/lib/guidance/wording";

/**
 * What is known of a rule, in words every surface uses (guidance, hook output, MCP answers, pages, ADRs): until
 * the project's experiment has tested it by randomisation (lib/experiment/rule-effects.ts), a rule is an observed
 * association, and says so, with a link to how it will be tested (docs/statistics.md#each-rule-tested-by-randomisation).
 */

/** Where a reader learns how a rule is tested. */
export const HOW_RULES_ARE_TESTED = "docs/statistics.md#each-rule-tested-by-randomisation";

export type RuleKnowledge = "observed" | "tested: helps" | "tested: no effect shown" | "tested: hurts";

/** The rule's status: observed until a randomised test has given a verdict. */
export function ruleKnowledge(test: RuleTest | undefined): RuleKnowledge {
  return test === undefined ? "observed" : `tested: ${test.verdict}`;
}

const pp = (x: number) => `${signed(x * 100)} pp`;

/**
 * "observed, not yet tested (how it will be tested: docs/…)" or "tested by randomisation: helps, +6 pp, 95% CI +2…+10
 * over 412 sessions": the note every surface puts beside a rule.
 */
export function knowledgeNote(test: RuleTest | undefined): string {
  if (test === undefined) return `observed, not yet tested; how it will be tested: ${HOW_RULES_ARE_TESTED}`;
  return `tested by randomisation: ${test.verdict}, ${pp(test.effect)}, 95% CI ${signed(test.low * 100)}…${signed(test.high * 100)} over ${test.told + test.notTold} sessions`;
}

/** A rule whose randomised test found it hurts leaves the guidance. */
export function keepsItsPlace(rule: Pick<Rule, "test">): boolean {
  return rule.test?.verdict !== "hurts";
}
