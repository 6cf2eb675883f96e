/**
 * The experiment report in words, shared by the Experiment page and the markdown report (lib/experiment/report.ts) so
 * both show the same figures in the same words: each outcome's means and change, the success comparison, the power
 * and cost-and-savings panels, and each rule's randomised effect. Rates are 0..1 as in the contract.
 */
import type { ArmComparison, ArmSummary, ExperimentReport, Rate } from "@/lib/experiment/contract";
import type { OutcomeComparison, OutcomeUnit, PowerPanel, SavingsPanel } from "@/lib/experiment/outcome-contract";
import type { RuleEffect } from "@/lib/experiment/rule-effects";
import {
  formatCompact,
  formatCount,
  formatDifference,
  formatDuration,
  formatInterval,
  formatPercent,
  formatPoints,
  formatQuantity,
  formatUsd,
  MISSING,
} from "@/lib/format";
import { tQuantile } from "@/lib/learn/stats";

/** An arm's mean of an outcome in its unit. */
export function formatOutcomeValue(unit: OutcomeUnit, value: number | null): string {
  if (value === null) return MISSING;
  switch (unit) {
    case "usd":
      return formatUsd(value);
    case "tokens":
      return formatCompact(value);
    case "ms":
      return formatDuration(value);
    case "share":
      return formatPercent(value);
    case "score":
      return value.toFixed(2);
    default:
      return value.toFixed(1);
  }
}

const signedPercent = (x: number) => `${x >= 0 ? "+" : "−"}${formatPercent(Math.abs(x))}`;
const signed = (unit: OutcomeUnit, x: number) =>
  `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(unit === "score" ? 2 : 1)}`;

/** The change alone, compact for a table cell ("−20%", "+0.4", "+5 pp"); "—" without an estimate. */
export function formatChange(o: OutcomeComparison): string {
  if (o.estimate === null) return MISSING;
  if (o.method === "ratio") return signedPercent(o.estimate - 1);
  return o.unit === "share" ? formatPoints(o.estimate) : signed(o.unit, o.estimate);
}

/**
 * The comparison in words: a ratio as the change in percent ("−20% (95% CI −31% … −8%)"), a difference in the
 * outcome's unit; "—" until each arm has two sessions with the outcome.
 */
export function formatComparison(o: OutcomeComparison): string {
  if (o.estimate === null || o.low === null || o.high === null) return MISSING;
  if (o.method === "ratio")
    return `${signedPercent(o.estimate - 1)} (95% CI ${signedPercent(o.low - 1)} … ${signedPercent(o.high - 1)})`;
  if (o.unit === "share") return formatDifference(o.estimate, o.low, o.high);
  return `${signed(o.unit, o.estimate)} (95% CI ${signed(o.unit, o.low)} … ${signed(o.unit, o.high)})`;
}

/** The 95% interval of one arm's mean success (t with n − 1 df), clamped to 0..1; null below 2 sessions. */
export function armInterval(arm: ArmSummary): { low: number; high: number } | null {
  if (arm.n < 2) return null;
  const half = tQuantile(0.975, arm.n - 1) * (arm.sd / Math.sqrt(arm.n));
  return { low: Math.max(0, arm.mean - half), high: Math.min(1, arm.mean + half) };
}

/** One plain sentence on what the success comparison shows, or why there is none yet; no direction while `power` says it is underpowered. */
export function successVerdict(
  comparison: ArmComparison | null,
  linked: ExperimentReport["counts"]["linked"],
  power?: ExperimentReport["power"],
): string {
  if (!comparison) {
    return (
      `The comparison needs at least 2 sessions with a transcript in each arm; so far ` +
      `${formatCount(linked.guidance)} in the guidance arm and ${formatCount(linked.holdout)} in the holdout.`
    );
  }
  const { difference, low, high } = comparison;
  const interval = `the 95% interval, ${formatInterval(low, high, 1)}`;
  const underpowered = power !== undefined && (power.more === null || power.more > 0);
  if (underpowered && (low > 0 || high < 0)) {
    return `Not yet a finding: ${formatPoints(difference, 1)}, and ${interval}, excludes zero, but the experiment is underpowered${power.more ? ` (${formatQuantity(power.more, "more session")} needed)` : ""}, so an interval away from zero now is often chance.`;
  }
  if (low > 0)
    return `Sessions given guidance succeeded more often: ${formatPoints(difference, 1)}, and ${interval}, excludes zero.`;
  if (high < 0)
    return `Sessions given guidance succeeded less often: ${formatPoints(difference, 1)}, and ${interval}, excludes zero.`;
  return `No difference that can be told apart from chance yet: ${interval}, includes zero.`;
}

/** With the holdout off there is nothing to compare: what the guidance arm holds so far, and what would measure it. */
export function holdoutOffVerdict(linked: ExperimentReport["counts"]["linked"]): string {
  return (
    `The holdout is off: every session that asked got guidance, so there is no holdout to compare with. ` +
    `${formatQuantity(linked.guidance, "session")} of the guidance arm ${linked.guidance === 1 ? "has" : "have"} a transcript; ` +
    `turn the holdout on to measure what the guidance changes.`
  );
}

/** "N more sessions needed to detect a 10-point effect", in plain words for every state of the power figure. */
export function powerSentence(power: ExperimentReport["power"]): string {
  const effect = `${Math.round(power.effect * 100)}-point`;
  if (power.neededTotal == null)
    return `How many sessions it takes to detect a ${effect} difference in success is known once each arm has 2 sessions with a transcript.`;
  const inAll = `${formatQuantity(power.neededTotal, "session")} with a transcript in all, at 80% power and the 5% level`;
  if (power.more == null || power.more <= 0)
    return `Enough sessions to detect a ${effect} difference in success (${inAll}).`;
  return `${formatQuantity(power.more, "more session")} needed to detect a ${effect} difference in success (${inAll}).`;
}

/** "62% (31 of 50)", or "nobody eligible". */
export function formatRate(rate: Rate): string {
  if (rate.eligible === 0 || rate.rate == null) return "nobody eligible";
  return `${formatPercent(rate.rate)} (${formatCount(rate.followed)} of ${formatCount(rate.eligible)})`;
}

/** Why cost per session is the primary outcome (docs/measuring-the-effect.md#the-primary-outcome). */
export const PRIMARY_REASON =
  "it is what a team pays; it is where published effects of context files are largest, so the outcome an experiment of realistic size can see; it is continuous, so it needs far fewer sessions than a 0/1 outcome; and it answers whether the guidance pays for itself, since the guidance arm's bill already includes reading the guidance. Success is the first secondary outcome, as a guard: cheaper sessions that fail more are no saving.";

/** How to read the outcomes: one primary, the rest secondary, and the methods. */
export const OUTCOMES_NOTE =
  "Cost per session is the primary outcome, declared in advance; the others are secondary, and with nine of them about one in three experiments shows at least one 95% interval away from no effect by chance alone, so read them as descriptions. Skewed outcomes (tokens, cost, steps, duration) are compared as a ratio of means on the log scale; scores and counts as a difference (Welch), the share repeating a known mistake as a difference of proportions (Newcombe). No reading is shown as a finding while the experiment is underpowered.";

/** Whether the readings are findings yet, in one sentence. */
export function powerStatus(power: PowerPanel): string {
  return power.powered
    ? "The experiment has the sessions it planned for: its readings are findings."
    : "Underpowered: the intervals are shown, but no reading is a finding yet.";
}

/** "How long until we know", term by term: the smallest cut detectable today, and the sessions and days still needed. */
export function powerItems(power: PowerPanel): [term: string, value: string][] {
  return [
    ["Priced sessions", `${formatCount(power.guidance)} guidance · ${formatCount(power.holdout)} holdout`],
    [
      "Smallest cut detectable today",
      power.detectableCut === null
        ? "— (an arm has no priced session)"
        : `${formatPercent(power.detectableCut)} less cost per session`,
    ],
    ["Planned for", `a ${formatPercent(power.plannedCut)} cut, 80% power, α = 0.05`],
    ["Sessions needed in all", power.neededTotal === null ? "— (holdout off)" : formatCount(power.neededTotal)],
    [
      "Still needed",
      power.more === null
        ? MISSING
        : `${formatCount(power.more)}${power.days === null ? "" : ` (≈ ${formatCount(power.days)} days at ${power.perDay!.toFixed(1)} a day)`}`,
    ],
    [
      "Spread used",
      `CV ${power.cv.toFixed(2)} (${power.cvObserved ? "observed" : "assumed until 10 priced sessions"})`,
    ],
  ];
}

type Saved = SavingsPanel["saved"]["usdPerSession"];

const savedRange = (s: Saved, format: (x: number) => string) =>
  s === null ? "— (too few sessions)" : `${format(s.estimate)} (95% CI ${format(s.low)} … ${format(s.high)})`;
const signedUsd = (x: number) => (x < 0 ? `−${formatUsd(-x)}` : formatUsd(x));
const signedDuration = (x: number) => (x < 0 ? `−${formatDuration(-x)}` : formatDuration(x));
const signedSteps = (x: number) => (x < 0 ? `−${(-x).toFixed(1)}` : x.toFixed(1));

/** "What Starlight costs and saves", term by term: the guidance's own cost, and what was saved per session. */
export function savingsItems(savings: SavingsPanel): [term: string, value: string][] {
  return [
    [
      "The guidance itself",
      savings.guidanceTokens === null
        ? "— (none delivered yet)"
        : `≈ ${formatCompact(savings.guidanceTokens)} tokens, ${savings.guidanceUsdPerSession === null ? "unpriced" : `${formatUsd(savings.guidanceUsdPerSession)} per session`}`,
    ],
    ["Injected this period", savings.injectedUsd === null ? MISSING : formatUsd(savings.injectedUsd)],
    ["Spend saved per session", savedRange(savings.saved.usdPerSession, signedUsd)],
    ["Steps saved per session", savedRange(savings.saved.stepsPerSession, signedSteps)],
    ["Time saved per session", savedRange(savings.saved.msPerSession, signedDuration)],
  ];
}

/** How "saved" and "pays for itself" are read. */
export const SAVINGS_NOTE =
  "Saved: the holdout's mean minus the guidance arm's (positive: guidance saves), Welch 95% intervals. The guidance arm's spend already includes reading the guidance, so it pays for itself when that arm's cost per session is lower, with the interval below no difference, once the experiment is powered.";

/** A rule's randomised verdict in words. */
export const RULE_VERDICT_WORDS: Record<RuleEffect["verdict"], string> = {
  helps: "tested: helps",
  hurts: "tested: hurts (removed from the guidance)",
  "no effect shown": "tested: no effect shown",
  running: "observed, test running",
};

/** Why no rule's effect is shown: no rule delivered yet while the experiment runs, or the holdout is off. */
export function noRuleEffects(running: boolean): string {
  return running
    ? "No delivery of this experiment held a rule yet."
    : "Rules are tested only while the experiment runs: turn the holdout on and each guidance session is told each rule or not, at random. Until then every rule is an observed association, not a proven effect.";
}

/** A rule's effect on success in whole points: "+12 pp"; "—" while there is none. */
export const effectPoints = (x: number | null) => (x === null ? MISSING : formatPoints(x));

/** Told − not told with its 95% interval: "+12 pp (−3 pp…+27 pp)". */
export const ruleEffectText = (e: RuleEffect) =>
  `${effectPoints(e.effect)} (${effectPoints(e.low)}…${effectPoints(e.high)})`;

/** Did told sessions show the behaviour more: "80% / 40%", or "not measured" for a rule whose behaviour is not read. */
export function ruleAdherenceText(e: RuleEffect): string {
  const rate = (r: Rate) => (r.rate == null ? MISSING : formatPercent(r.rate));
  return e.adherence ? `${rate(e.adherence.told)} / ${rate(e.adherence.notTold)}` : "not measured";
}
