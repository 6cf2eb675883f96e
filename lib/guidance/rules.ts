import type { Comparison } from "@/lib/guidance/aggregates";
import { THRESHOLDS as T } from "@/lib/guidance/aggregates";
import { RULE_SOURCES, type Evidence, type Rule, type RuleSource } from "@/lib/guidance/contract";
import { isSafeName } from "@/lib/guidance/safe-name";
import { domainLabel, familyLevel, percent, signed } from "@/lib/guidance/wording";
import { MIN_GROUP, summarize, welchInterval } from "@/lib/learn/stats";

/**
 * Behavioural rules from the six sources (DESIGN §1.5). Each comparison sets the sessions that showed a
 * behaviour against comparable sessions that did not; the Welch 95% interval of the difference in mean
 * success is the rule's evidence.
 *
 * - Both groups need at least MIN_GROUP sessions, else there is no rule; nor is there one for a tool or domain
 *   whose name is not a plain identifier (it came from an upload and would be quoted in the instruction).
 * - `supported`: the interval excludes zero on the behaviour's side *after a Bonferroni correction over
 *   every comparison made for the project* (two-sided level 1 − 0.05/m). A project yields a few dozen
 *   comparisons (five global sources plus one per domain and frequently used tool), so without the
 *   correction pure noise would "support" about one rule per project. The evidence shown stays the plain
 *   95% interval, so a provisional rule may show a 95% interval just above zero: it did not survive the
 *   correction for the number of comparisons.
 * - `provisional`: the difference points the behaviour's way but the corrected interval includes zero.
 * - A difference of zero or against the behaviour is no rule.
 */

export interface RuleCandidate {
  rule: Rule;
  /** Difference over its standard error, for ordering by strength of evidence. */
  strength: number;
}

/** The instruction of a rule, in Starlight's words; any tool or domain it names must be a safe name. */
function instruction(c: Pick<Comparison, "source" | "domain" | "tool">): string {
  switch (c.source) {
    case "verification":
      return "After changing several files, run the build or tests before finishing.";
    case "read-before-edit":
      return "Read each file before editing it.";
    case "delegation":
      return `On large tasks (${T.delegationMinOps}+ operations), hand self-contained parts to sub-agents.`;
    case "tool-preference":
      return `In ${domainLabel(c.domain ?? "general")} work, make full use of ${c.tool ?? "this tool"} (${T.toolMinUses}+ calls in a session).`;
    case "session-length":
      return `Keep sessions short: split work that would run past ${T.marathonMinOps - 1} operations into sessions of about ${T.shortMaxOps}.`;
    case "focus":
      return `Keep each change focused on ${T.focusedMaxFiles} files or fewer; split changes that would touch more than ${T.scatteredMinFiles - 1}.`;
  }
}

/**
 * The instruction of the rule with this key ("verification", "tool-preference:testing:Bash"), written afresh
 * from the key; null for a key that is no rule or names a tool or domain that is not a safe name.
 */
export function instructionForKey(key: string): string | null {
  const [source, domain, tool, ...rest] = key.split(":");
  if (source === "tool-preference") {
    return rest.length === 0 && isSafeName(domain) && isSafeName(tool) ? instruction({ source, domain, tool }) : null;
  }
  const known = (RULE_SOURCES as readonly string[]).includes(source ?? "");
  return known && domain === undefined ? instruction({ source: source as RuleSource, domain: null, tool: null }) : null;
}

/** "18 vs 12 sessions, 96% vs 71% success, +25 pp, 95% CI +14…+36" */
export function evidenceLine(e: Evidence): string {
  const pp = (x: number) => signed(x * 100);
  return `${e.with.n} vs ${e.without.n} sessions, ${percent(e.with.mean)} vs ${percent(e.without.mean)} success, ${pp(e.difference)} pp, 95% CI ${pp(e.low)}…${pp(e.high)}`;
}

/** Both groups big enough, and any tool or domain named in the instruction a plain identifier (lib/guidance/safe-name.ts). */
function eligible(c: Comparison): boolean {
  return c.with.n >= MIN_GROUP && c.without.n >= MIN_GROUP && (c.tool === null || isSafeName(c.tool)) && (c.domain === null || isSafeName(c.domain));
}

/** Rules with their strength (unsorted); see distil for the order. */
export function ruleCandidates(comparisons: readonly Comparison[]): RuleCandidate[] {
  const tested = comparisons.filter(eligible);
  const level = familyLevel(tested.length);
  const out: RuleCandidate[] = [];
  for (const c of tested) {
    const a = summarize(c.with);
    const b = summarize(c.without);
    const ci = welchInterval(a, b);
    if (!(ci.estimate > 0)) continue;
    const corrected = welchInterval(a, b, level);
    const evidence: Evidence = {
      with: { n: a.n, mean: a.mean, sd: a.sd },
      without: { n: b.n, mean: b.mean, sd: b.sd },
      difference: ci.estimate,
      low: ci.low,
      high: ci.high,
      method: "welch",
    };
    out.push({
      rule: {
        key: c.key,
        source: c.source,
        domain: c.domain,
        instruction: instruction(c),
        evidenceLine: evidenceLine(evidence),
        evidence,
        support: corrected.low > 0 ? "supported" : "provisional",
      },
      strength: ci.se > 0 ? ci.estimate / ci.se : Number.MAX_VALUE,
    });
  }
  return out;
}

/** Supported first, then by strength of evidence, then key. */
export function orderRules(candidates: readonly RuleCandidate[]): Rule[] {
  return [...candidates]
    .sort(
      (x, y) =>
        Number(y.rule.support === "supported") - Number(x.rule.support === "supported") ||
        y.strength - x.strength ||
        (x.rule.key < y.rule.key ? -1 : x.rule.key > y.rule.key ? 1 : 0),
    )
    .map((c) => c.rule);
}

export function distilRules(comparisons: readonly Comparison[]): Rule[] {
  return orderRules(ruleCandidates(comparisons));
}
