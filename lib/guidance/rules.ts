import type { Comparison } from "@/lib/guidance/aggregates";
import { THRESHOLDS as T } from "@/lib/guidance/aggregates";
import { SHELL_TOOLS } from "@/lib/guidance/adjusted";
import { RULE_SOURCES, type Evidence, type Rule, type RuleSource } from "@/lib/guidance/contract";
import { isSafeName } from "@/lib/guidance/safe-name";
import { isKnownTool } from "@/lib/guidance/tool-name";
import { codeSpan } from "@/lib/knowledge/code-span";
import { domainLabel, familyLevel, listing, percent, signed } from "@/lib/guidance/wording";
import { coefficientInterval } from "@/lib/learn/regression";
import { MIN_GROUP, summarize } from "@/lib/learn/stats";

/**
 * Behavioural rules from the six sources (docs/statistics.md#rules-the-adjusted-difference). Each comparison sets the sessions that showed a
 * behaviour against comparable sessions that did not; the rule's evidence is the difference in mean success
 * adjusted for domain and for the other behaviours (lib/guidance/adjusted.ts), with its 95% interval.
 *
 * - Both groups need at least MIN_GROUP sessions and the adjusted difference must be estimable, else there is no
 *   rule; nor is there one for a domain whose name is not a plain identifier, or a tool that is not one of the
 *   agent's real tools (both come from uploads and would be named in the instruction).
 * - `supported`: the adjusted interval excludes zero on the behaviour's side *after a Bonferroni correction over
 *   every comparison made for the project* (two-sided level 1 − 0.05/m). A project yields a few dozen
 *   comparisons (five global sources plus one per domain and frequently used tool), so without the correction
 *   pure noise would "support" about one rule per project.
 * - `provisional`: the plain 95% interval excludes zero on the behaviour's side, the corrected one does not.
 * - Anything else — an interval that includes zero, a difference against the behaviour or one that rounds to
 *   0 pp — is no rule.
 */

/** The smallest difference stated as a rule: one that rounds to 0 pp says nothing. */
const MIN_DIFFERENCE = 0.005;

interface RuleCandidate {
  rule: Rule;
  /** Difference over its standard error, for ordering by strength of evidence. */
  strength: number;
}

type Named = Pick<Comparison, "source" | "domain" | "tool">;

/** "In testing work, " or "" for a rule over every domain. */
const where = (domain: string | null, text: string) => (domain === null ? text.charAt(0).toUpperCase() + text.slice(1) : `In ${domainLabel(domain)} work, ${text}`);

/**
 * The instruction of a rule, in Starlight's words; a domain it names must be a safe name, a tool a known tool, shown
 * as code. Shell use is
 * worded as what it stands for, running the build or tests: a count of shell calls (all ACOS data keeps) cannot
 * say more, and "use Bash" is no instruction.
 */
function instruction(c: Named): string {
  switch (c.source) {
    case "verification":
      return "After changing several files, run the build or tests before finishing.";
    case "read-before-edit":
      return "Read each file before editing it.";
    case "delegation":
      return `On large tasks (${T.delegationMinOps}+ operations), hand self-contained parts to sub-agents.`;
    case "tool-preference":
      return SHELL_TOOLS.has(c.tool ?? "")
        ? where(c.domain, `run the build or tests as you work (${T.toolMinUses}+ shell commands in a session).`)
        : where(c.domain, `make full use of ${c.tool === null ? "this tool" : codeSpan(c.tool)} (${T.toolMinUses}+ calls in a session).`);
    case "session-length":
      return `Keep sessions short: split work that would run past ${T.marathonMinOps - 1} operations into sessions of about ${T.shortMaxOps}.`;
    case "focus":
      return `Keep each change focused on ${T.focusedMaxFiles} files or fewer; split changes that would touch more than ${T.scatteredMinFiles - 1}.`;
  }
}

/**
 * The instruction of the rule with this key ("verification", "tool-preference:testing:Bash", "tool-preference:Bash"),
 * written afresh from the key; null for a key that is no rule, names a domain that is not a safe name or a tool
 * that is not a known tool.
 */
export function instructionForKey(key: string): string | null {
  const [source, first, second, ...rest] = key.split(":");
  if (source === "tool-preference") {
    if (rest.length > 0) return null;
    if (second === undefined) return isKnownTool(first) ? instruction({ source, domain: null, tool: first }) : null;
    return isSafeName(first) && isKnownTool(second) ? instruction({ source, domain: first, tool: second }) : null;
  }
  const known = (RULE_SOURCES as readonly string[]).includes(source ?? "");
  return known && first === undefined ? instruction({ source: source as RuleSource, domain: null, tool: null }) : null;
}

/**
 * "18 vs 12 sessions, 96% vs 71% success, +25 pp, 95% CI +14…+36 (adjusted for domain, session length and focus)":
 * the groups as observed, then the difference and interval, adjusted for what the parenthesis says, on the score it
 * names when that is not the success score.
 */
export function evidenceLine(e: Evidence): string {
  const pp = (x: number) => signed(x * 100);
  const notes = [
    ...(e.adjustedFor && e.adjustedFor.length > 0 ? [`adjusted for ${listing(e.adjustedFor)}`] : []),
    ...(e.outcome === "unverified" ? ["success without the verification signal"] : []),
  ];
  const line = `${e.with.n} vs ${e.without.n} sessions, ${percent(e.with.mean)} vs ${percent(e.without.mean)} success, ${pp(e.difference)} pp, 95% CI ${pp(e.low)}…${pp(e.high)}`;
  return notes.length > 0 ? `${line} (${notes.join("; ")})` : line;
}

/**
 * Both groups big enough, an adjusted difference, any domain named in the instruction a plain identifier
 * (lib/guidance/safe-name.ts) and any tool one of the agent's real tools (lib/guidance/tool-name.ts).
 */
function eligible(c: Comparison): c is Comparison & { adjusted: NonNullable<Comparison["adjusted"]> } {
  return (
    c.with.n >= MIN_GROUP &&
    c.without.n >= MIN_GROUP &&
    c.adjusted !== null &&
    (c.tool === null || isKnownTool(c.tool)) &&
    (c.domain === null || isSafeName(c.domain))
  );
}

/** Rules with their strength (unsorted); see distil for the order. */
function ruleCandidates(comparisons: readonly Comparison[]): RuleCandidate[] {
  const tested = comparisons.filter(eligible);
  const level = familyLevel(tested.length);
  const out: RuleCandidate[] = [];
  for (const c of tested) {
    const fit = c.adjusted;
    const plain = coefficientInterval(fit);
    if (!(plain.low > 0) || fit.estimate < MIN_DIFFERENCE) continue;
    const corrected = coefficientInterval(fit, level);
    const a = summarize(c.with);
    const b = summarize(c.without);
    const evidence: Evidence = {
      with: { n: a.n, mean: a.mean, sd: a.sd },
      without: { n: b.n, mean: b.mean, sd: b.sd },
      difference: fit.estimate,
      low: plain.low,
      high: plain.high,
      method: "adjusted",
      se: fit.se,
      df: fit.df,
      adjustedFor: fit.adjustedFor,
      outcome: c.outcome,
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
      strength: fit.se > 0 ? fit.estimate / fit.se : Number.MAX_VALUE,
    });
  }
  return out;
}

/** Supported first, then by strength of evidence, then key. */
function orderRules(candidates: readonly RuleCandidate[]): Rule[] {
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
