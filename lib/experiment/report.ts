/**
 * The holdout experiment as a markdown report that can be published as it is: the period and its sessions, the
 * declared primary outcome and why, every outcome per arm and as a ratio or difference with its 95% interval, how
 * long until it can be read, what the guidance costs against what it saves, success, adherence to each rule, each
 * rule's randomised effect and the caveats. Every figure is worded by the same functions as the Experiment page
 * (lib/experiment/wording.ts), from the same report, so the two never disagree. Uploaded text (the project's name, a
 * rule's wording and key) is set as literal text (lib/markdown/literal.ts); a code span is used only outside tables,
 * since a `|` splits a GFM table cell even inside one.
 */
import type { ExperimentReport, RuleAdherence } from "@/lib/experiment/contract";
import type { OutcomeComparison } from "@/lib/experiment/outcome-contract";
import type { RuleEffectsReport } from "@/lib/experiment/rule-effects";
import {
  armInterval,
  effectPoints,
  formatChange,
  formatComparison,
  formatOutcomeValue,
  formatRate,
  holdoutOffVerdict,
  noRuleEffects,
  OUTCOMES_NOTE,
  PRIMARY_REASON,
  powerItems,
  powerSentence,
  powerStatus,
  RULE_VERDICT_WORDS,
  ruleAdherenceText,
  ruleEffectText,
  SAVINGS_NOTE,
  savingsItems,
  successVerdict,
} from "@/lib/experiment/wording";
import {
  formatCount,
  formatDateTime,
  formatInterval,
  formatPercent,
  formatPoints,
  formatPValue,
  formatShare,
  MISSING,
} from "@/lib/format";
import { literalCode, literalText } from "@/lib/markdown/literal";

export interface ExperimentMeta {
  /** The project's name (untrusted: quoted as literal text). */
  project: string;
  slug: string;
  /** When the report was made (epoch ms). */
  generatedAt: number;
}

const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
const items = (pairs: readonly [string, string][]) => pairs.map(([term, value]) => `- ${term}: ${value}`);

function outcomeCells(o: OutcomeComparison): string[] {
  const arm = (a: OutcomeComparison["guidance"]) => `${formatOutcomeValue(o.unit, a.mean)} (n ${formatCount(a.n)})`;
  return [
    o.label,
    o.primary ? "primary" : "secondary",
    arm(o.guidance),
    arm(o.holdout),
    formatComparison(o),
    o.pValue === null ? MISSING : formatPValue(o.pValue),
    o.reading,
  ];
}

function primaryLine(o: OutcomeComparison): string {
  const p = o.pValue === null ? "" : `, ${formatPValue(o.pValue)}`;
  return `**Primary outcome: ${o.label.toLowerCase()}.** Guidance ${formatOutcomeValue(o.unit, o.guidance.mean)} over ${formatCount(o.guidance.n)} sessions, holdout ${formatOutcomeValue(o.unit, o.holdout.mean)} over ${formatCount(o.holdout.n)}; change with guidance ${formatComparison(o)}${p}. Reading: **${o.reading}**.`;
}

function successSection(report: ExperimentReport): string[] {
  const lines: string[] = [];
  const c = report.success;
  if (c) {
    lines.push(row(["arm", "sessions", "mean success", "SD", "95% interval"]), "| --- | ---: | ---: | ---: | ---: |");
    for (const [label, arm] of [
      ["Guidance", c.guidance],
      ["Holdout", c.holdout],
    ] as const) {
      const i = armInterval(arm);
      lines.push(
        row([
          label,
          formatCount(arm.n),
          formatPercent(arm.mean, 1),
          formatPercent(arm.sd, 1),
          i ? `${formatPercent(i.low, 1)}–${formatPercent(i.high, 1)}` : MISSING,
        ]),
      );
    }
    lines.push(
      "",
      `Difference (guidance − holdout): ${formatPoints(c.difference, 1)}, 95% interval (Welch) ${formatInterval(c.low, c.high, 1)}, ${formatPValue(c.pValue)} (two-sided).`,
      "",
    );
  }
  if (report.settings.holdoutShare === 0) lines.push(holdoutOffVerdict(report.counts.linked));
  else lines.push(successVerdict(c, report.counts.linked, report.power), "", powerSentence(report.power));
  return lines;
}

function adherenceRow(r: RuleAdherence): string {
  const difference =
    r.difference === null || r.low === null || r.high === null
      ? MISSING
      : `${formatPoints(r.difference)} (95% CI ${formatInterval(r.low, r.high)})`;
  return row([literalText(r.key), literalText(r.behaviour), formatRate(r.given), formatRate(r.holdout), difference]);
}

function ruleEffectsSection(rules: RuleEffectsReport): string[] {
  if (!rules.running || rules.effects.length === 0) return [noRuleEffects(rules.running)];
  return [
    "Within the guidance arm every rule is told or left out by its own fair draw, so told − not told is the rule's effect on success; the verdict uses the interval corrected for the rules tested at once. Cost, steps and time are the change in the mean when told, tool errors the difference per session: secondary descriptions, not verdicts.",
    "",
    row([
      "rule",
      "told / not told",
      "effect on success (95% CI)",
      "at least",
      "did it: told / not told",
      "cost · steps · time · errors",
      "sessions still needed",
      "status",
    ]),
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rules.effects.map((e) =>
      row([
        e.instruction === null ? literalText(e.key) : `${literalText(e.instruction)} (${literalText(e.key)})`,
        `${formatCount(e.told)} / ${formatCount(e.notTold)}`,
        ruleEffectText(e),
        effectPoints(e.headline),
        ruleAdherenceText(e),
        e.outcomes.length === 0 ? MISSING : e.outcomes.map(formatChange).join(" · "),
        formatCount(e.sessionsNeeded),
        RULE_VERDICT_WORDS[e.verdict],
      ]),
    ),
  ];
}

export function experimentMarkdown(
  meta: ExperimentMeta,
  report: ExperimentReport,
  ruleEffects?: RuleEffectsReport,
): string {
  const { settings, counts } = report;
  const lines: string[] = [];
  lines.push(`# Experiment: ${literalText(meta.project)}`, "");
  lines.push(
    `Project ${literalCode(meta.slug)}. ${settings.holdoutShare === 0 ? "Holdout off: every session that asks gets guidance" : `Holdout ${formatShare(settings.holdoutShare)}: that share of the sessions that ask for guidance get none, at random`}; this period began ${formatDateTime(settings.startedAt)} UTC. Report made ${formatDateTime(meta.generatedAt)} UTC.`,
    "",
  );

  lines.push("## Sessions", "");
  lines.push(
    row(["enrolled", "guidance arm", "holdout arm", "linked (guidance · holdout)", "awaiting", "not enrolled"]),
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  lines.push(
    row([
      formatCount(counts.enrolled),
      formatCount(counts.guidance),
      formatCount(counts.holdout),
      `${formatCount(counts.linked.guidance + counts.linked.holdout)} (${formatCount(counts.linked.guidance)} · ${formatCount(counts.linked.holdout)})`,
      formatCount(counts.awaiting),
      formatCount(counts.notEnrolled),
    ]),
    "",
  );
  lines.push(
    "Enrolled: asked for guidance in this period. Linked: the session's transcript has arrived. Not enrolled: never asked, left out of the comparison.",
    "",
  );

  const primary = report.outcomes.find((o) => o.primary);
  lines.push("## Primary outcome", "");
  if (primary) lines.push(primaryLine(primary), "");
  lines.push(`Declared before any data: ${PRIMARY_REASON}`, "");

  lines.push("## Outcomes: guidance against holdout", "");
  lines.push(
    row(["outcome", "role", "guidance", "holdout", "change with guidance (95% CI)", "p", "reading"]),
    "| --- | --- | ---: | ---: | ---: | ---: | --- |",
  );
  for (const o of report.outcomes) lines.push(row(outcomeCells(o)));
  lines.push("", OUTCOMES_NOTE, "");

  lines.push(
    "## How long until we know",
    "",
    powerStatus(report.howLong),
    "",
    ...items(powerItems(report.howLong)),
    "",
  );

  lines.push("## What Starlight costs and saves", "");
  lines.push(
    `**Pays for itself: ${report.savings.verdict}.** ${report.savings.reason}`,
    "",
    ...items(savingsItems(report.savings)),
    "",
    SAVINGS_NOTE,
    "",
  );

  lines.push("## Success: guidance against holdout", "", ...successSection(report), "");

  lines.push("## Did the agent do what it was told?", "");
  if (report.adherence.length === 0) {
    lines.push("No guidance delivered in this experiment held a rule whose behaviour can be measured.");
  } else {
    lines.push(
      row(["rule", "behaviour", "given the rule", "holdout", "difference"]),
      "| --- | --- | ---: | ---: | ---: |",
      ...report.adherence.map(adherenceRow),
    );
  }
  lines.push("");

  if (ruleEffects) lines.push("## Each rule, tested by randomisation", "", ...ruleEffectsSection(ruleEffects), "");

  lines.push("## Caveats", "");
  lines.push(
    ...(report.caveats.length === 0 ? ["None that apply to these numbers."] : report.caveats.map((c) => `- ${c}`)),
    "",
  );

  lines.push(
    `Made by Starlight from the period's enrolled sessions; prices of ${report.cost.prices}. Ratios of means with log-scale 95% intervals, differences with Welch's (a share: Newcombe's); no reading is a finding while the experiment is underpowered (docs/measuring-the-effect.md).`,
  );
  return `${lines.join("\n")}\n`;
}
