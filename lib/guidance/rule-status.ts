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

const size = (x: number) => `${Math.abs(Math.round(x * 100))} pp`;

/** What the verdict means for the rule, said once after the figures. */
const CONSEQUENCE: Record<RuleTest["verdict"], string> = {
  helps: "it stays in the guidance",
  "no effect shown": "the sample is large enough to detect a 10 pp difference; it stays, but nothing shows it matters",
  hurts: "so it was removed from the guidance",
};

/**
 * The note every surface puts beside a rule: "observed, not yet tested; how it will be tested: docs/…" until the
 * experiment has given a verdict, then the verdict with what the randomisation measured, e.g. "tested by randomisation
 * in this project: helps — sessions given this rule succeeded 6 pp more often than sessions not given it (95% CI
 * +2…+10 pp; 412 vs 398 sessions); it stays in the guidance".
 */
export function knowledgeNote(test: RuleTest | undefined): string {
  if (test === undefined) return `observed, not yet tested; how it will be tested: ${HOW_RULES_ARE_TESTED}`;
  const direction =
    Math.round(test.effect * 100) === 0
      ? "as often as"
      : `${size(test.effect)} ${test.effect > 0 ? "more" : "less"} often than`;
  return (
    `tested by randomisation in this project: ${test.verdict} — sessions given this rule succeeded ${direction} sessions not given it ` +
    `(95% CI ${signed(test.low * 100)}…${signed(test.high * 100)} pp; ${test.told} vs ${test.notTold} sessions); ${CONSEQUENCE[test.verdict]}`
  );
}

/** A rule whose randomised test found it hurts leaves the guidance. */
export function keepsItsPlace(rule: Pick<Rule, "test">): boolean {
  return rule.test?.verdict !== "hurts";
}
