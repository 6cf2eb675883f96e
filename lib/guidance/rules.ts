import type { Comparison } from "@/lib/guidance/aggregates";
import { THRESHOLDS as T } from "@/lib/guidance/aggregates";
import { SHELL_TOOLS } from "@/lib/guidance/adjusted";
import { RULE_SOURCES, type Evidence, type Rule, type RuleSource, type RuleTest } from "@/lib/guidance/contract";
import { isSafeName } from "@/lib/guidance/safe-name";
import { isKnownTool } from "@/lib/guidance/tool-name";
import { codeSpan } from "@/lib/knowledge/code-span";
import { domainLabel, familyLevel, listing, percent, signed } from "@/lib/guidance/wording";
import { coefficientInterval } from "@/lib/learn/regression";
import { MIN_GROUP, summarize } from "@/lib/learn/stats";

/**
 * Behavioural rules from the six sources (docs/statistics.md#rules-the-adjusted-difference). Each comparison sets the sessions that showed a
 * behaviour against comparable sessions that did not; the rule's evidence is the difference in mean success
 * adjusted for domain only — what is fixed before the behaviour, never other behaviours a hidden cause can drive
 * too (lib/guidance/adjusted.ts) — with its 95% interval. It is an observed association: a rule says so until the
 * experiment has tested it by randomisation (lib/guidance/rule-status.ts).
 *
 * - Both groups need at least MIN_GROUP sessions and the adjusted difference must be estimable, else there is no
 *   rule; nor is there one for a domain whose name is not a plain identifier, or a tool that is not one of the
 *   agent's real tools (both come from uploads and would be named in the instruction).
 * - `supported`: the adjusted interval excludes zero on the behaviour's side *after a Bonferroni correction over
 *   every comparison made for the project* (two-sided level 1 − 0.05/m). A project yields a few dozen
 *   comparisons (five global sources plus one per domain and frequently used tool), so without the correction
 *   pure noise would "support" about one rule per project.
 * - `provisional`: the plain 95% interval excludes zero on the behaviour's side, the corrected one does not.
 * - Anything else — an interval that includes zero, a difference against the behaviour, one that rounds to
 *   0 pp, or a raw difference whose sign the adjustment turned around — is no rule.
 */

/** The smallest difference stated as a rule: one that rounds to 0 pp says nothing. */
const MIN_DIFFERENCE = 0.005;

interface RuleCandidate {
  rule: Rule;
  /** Difference over its standard error, for ordering by strength of evidence. */
  strength: number;
}

type Named = Pick<Comparison, "source" | "domain" | "tool">;

/** "In this project, " or "In testing work in this project, " (`place` another project's name for a cross-project rule). */
const whereIn = (domain: string | null, place: string) =>
  domain === null ? `In ${place}, ` : `In ${domainLabel(domain)} work in ${place}, `;

/**
 * The rule in Starlight's words, as what was observed, never as a bare imperative: "In this project, sessions that
 * … succeeded more often than …". Every surface adds what is known of it (lib/guidance/rule-status.ts: observed,
 * not yet tested, or its randomised verdict). A domain it names must be a safe name, a tool a known tool, shown as
 * code. Shell use is worded as what it stands for, running the build or tests: a count of shell calls (all ACOS
 * data keeps) cannot say more, and "used Bash" teaches nothing.
 */
function instruction(c: Named, place = "this project"): string {
  const where = (domain: string | null) => whereIn(domain, place);
  switch (c.source) {
    case "verification":
      return `${where(null)}sessions that ran the build or tests after changing several files succeeded more often than those that did not.`;
    case "read-before-edit":
      return `${where(null)}sessions that read each file before editing it succeeded more often than those with a blind edit.`;
    case "delegation":
      return `${where(null)}large tasks (${T.delegationMinOps}+ operations) that handed self-contained parts to sub-agents succeeded more often than those that did not.`;
    case "tool-preference":
      return SHELL_TOOLS.has(c.tool ?? "")
        ? `${where(c.domain)}sessions that ran the build or tests as they worked (${T.toolMinUses}+ shell commands) succeeded more often than those that did not.`
        : `${where(c.domain)}sessions that made full use of ${c.tool === null ? "this tool" : codeSpan(c.tool)} (${T.toolMinUses}+ calls) succeeded more often than those that did not.`;
    case "session-length":
      return `${where(null)}short sessions (about ${T.shortMaxOps} operations or fewer) succeeded more often than ones that ran past ${T.marathonMinOps - 1} operations.`;
    case "focus":
      return `${where(null)}changes focused on ${T.focusedMaxFiles} files or fewer succeeded more often than ones that touched more than ${T.scatteredMinFiles - 1}.`;
  }
}

/**
 * The instruction of the rule with this key ("verification", "tool-preference:testing:Bash", "tool-preference:Bash"),
 * written afresh from the key, about `place` ("this project", or the projects a cross-project rule comes from); null for a key that is no rule, names a domain that is not a safe name or a tool
 * that is not a known tool.
 */
export function instructionForKey(key: string, place = "this project"): string | null {
  const [source, first, second, ...rest] = key.split(":");
  if (source === "tool-preference") {
    if (rest.length > 0) return null;
    if (second === undefined)
      return isKnownTool(first) ? instruction({ source, domain: null, tool: first }, place) : null;
    return isSafeName(first) && isKnownTool(second)
      ? instruction({ source, domain: first, tool: second }, place)
      : null;
  }
  const known = (RULE_SOURCES as readonly string[]).includes(source ?? "");
  return known && first === undefined
    ? instruction({ source: source as RuleSource, domain: null, tool: null }, place)
    : null;
}

/** The end of the interval nearest zero (zero when it spans zero): the headline, so a small sample does not overstate. */
export function conservativeEnd(low: number, high: number): number {
  return low > 0 ? low : high < 0 ? high : 0;
}

/**
 * "18 vs 12 sessions, 96% vs 71% success: at least +14 pp (the 95% interval's conservative end); raw +25 pp, adjusted
 * +22 pp, 95% CI +14…+36 (adjusted for domain)": the groups as observed, the headline a small sample cannot inflate,
 * then the raw and adjusted differences side by side, adjusted for what the parenthesis says, on the score it names
 * when that is not the success score.
 */
export function evidenceLine(e: Evidence): string {
  const pp = (x: number) => signed(x * 100);
  const notes = [
    ...(e.adjustedFor && e.adjustedFor.length > 0 ? [`adjusted for ${listing(e.adjustedFor)}`] : []),
    ...(e.outcome === "unverified" ? ["success without the verification signal"] : []),
  ];
  const raw = e.raw ?? e.with.mean - e.without.mean;
  const line =
    `${e.with.n} vs ${e.without.n} sessions, ${percent(e.with.mean)} vs ${percent(e.without.mean)} success: ` +
    `at least ${pp(conservativeEnd(e.low, e.high))} pp (the 95% interval's conservative end); raw ${pp(raw)} pp, ${e.method === "adjusted" ? "adjusted" : "Welch"} ${pp(e.difference)} pp, 95% CI ${pp(e.low)}…${pp(e.high)}`;
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
    // Raw and adjusted must agree in sign: an adjustment that turns a gap around is an artefact of what it held constant.
    if (!(a.mean - b.mean > 0)) continue;
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
      raw: a.mean - b.mean,
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

/**
 * The rules, each with its randomised verdict when the project's experiment has given one (`tests`, by key). A rule
 * tested to hurt stays in the content, so pages say it was removed and why; rendering leaves it out
 * (lib/guidance/rule-status.ts keepsItsPlace).
 */
export function distilRules(
  comparisons: readonly Comparison[],
  tests: ReadonlyMap<string, RuleTest> = new Map(),
): Rule[] {
  return orderRules(ruleCandidates(comparisons)).map((rule) => {
    const test = tests.get(rule.key);
    return test ? { ...rule, test } : rule;
  });
}
