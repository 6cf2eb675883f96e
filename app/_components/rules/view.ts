import type { Evidence, Rule, RuleStatus } from "@/lib/guidance/contract";
import { formatInterval, formatPercent, formatPoints } from "@/lib/format";
import { welchInterval } from "@/lib/learn/stats";

/**
 * Pure helpers the rules pages share: the chart's rows, the evidence line and the status wording.
 * Rates are 0..1 as in the contract.
 */

export interface GroupBar {
  group: "With" | "Without";
  /** Mean success in percent (0..100). */
  mean: number;
  n: number;
  /** Whisker below and above `mean`, in points: for "With", the difference's interval placed on the other group's mean. */
  whisker: [number, number];
  /** The interval's ends in percent, for the tooltip. */
  low: number;
  high: number;
}

/**
 * The two bars of a rule's chart. The "With" bar carries the interval of the difference as whiskers, drawn
 * from the "Without" mean: without + low … without + high. If the whiskers stay clear of the "Without" line,
 * the interval excludes zero.
 */
export function groupBars(evidence: Evidence): GroupBar[] {
  const withMean = evidence.with.mean * 100;
  const withoutMean = evidence.without.mean * 100;
  const low = withoutMean + evidence.low * 100;
  const high = withoutMean + evidence.high * 100;
  return [
    {
      group: "With",
      mean: withMean,
      n: evidence.with.n,
      whisker: [Math.max(0, withMean - low), Math.max(0, high - withMean)],
      low,
      high,
    },
    {
      group: "Without",
      mean: withoutMean,
      n: evidence.without.n,
      whisker: [0, 0],
      low: withoutMean,
      high: withoutMean,
    },
  ];
}

/** One sentence a screen reader can read instead of the chart. */
export function chartSummary(evidence: Evidence): string {
  return (
    `Mean success ${formatPercent(evidence.with.mean)} with the behaviour (${evidence.with.n} sessions) and ` +
    `${formatPercent(evidence.without.mean)} without (${evidence.without.n} sessions): ${formatPoints(evidence.difference)}, ` +
    `95% interval ${formatInterval(evidence.low, evidence.high)}.`
  );
}

/** The contract's evidence line, or one built from the numbers when a rule arrives without it. */
export function evidenceLine(rule: Pick<Rule, "evidenceLine" | "evidence">): string {
  if (rule.evidenceLine) return rule.evidenceLine;
  const e = rule.evidence;
  return `${e.with.n} vs ${e.without.n} sessions, ${formatPercent(e.with.mean)} vs ${formatPercent(e.without.mean)} success, ${formatPoints(e.difference)}, 95% CI ${formatInterval(e.low, e.high)}`;
}

export const STATUS_TEXT: Record<RuleStatus, string> = {
  supported: "The interval of the difference excludes zero, even after correcting for the number of comparisons made.",
  provisional:
    "The plain 95% interval excludes zero, but after correcting for the number of comparisons made it does not; not exported by default.",
  promoted: "Held in several consecutive generations; available as an architecture decision record.",
  retired: "The data no longer supports it.",
};

/** `/projects/<slug>/rules/<key>` with the key encoded (keys hold colons and tool names). */
export function ruleHref(slug: string, key: string): string {
  return `/projects/${encodeURIComponent(slug)}/rules/${encodeURIComponent(key)}`;
}

/** "tool-preference" → "Tool preference"; an unknown source → "Rule". */
export function sourceLabel(source: string | null): string {
  if (!source) return "Rule";
  const text = source.replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The standard error of the difference and its degrees of freedom: an adjusted difference's own (the regression's),
 * else Welch–Satterthwaite's from the two groups; null when a group is too small.
 */
export function welchDetails(evidence: Evidence): { se: number; df: number } | null {
  if (evidence.method === "adjusted")
    return evidence.se !== undefined && evidence.df !== undefined && evidence.se > 0
      ? { se: evidence.se, df: evidence.df }
      : null;
  if (evidence.with.n < 2 || evidence.without.n < 2) return null;
  const { se, df } = welchInterval(evidence.with, evidence.without);
  return se > 0 && Number.isFinite(df) ? { se, df } : null;
}
