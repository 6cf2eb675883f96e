import Link from "next/link";
import {
  effectPoints,
  formatChange,
  formatComparison,
  noRuleEffects,
  RULE_VERDICT_WORDS,
  ruleAdherenceText,
  ruleEffectText,
} from "@/lib/experiment/wording";
import { formatCount } from "@/lib/format";
import { ruleEffectsReport } from "@/lib/server/experiment";
import { Panel } from "../panel";
import { ruleHref } from "../rules/view";
import { getDb } from "@/lib/server/database";

/**
 * Each rule tested by randomisation (docs/statistics.md#each-rule-tested-by-randomisation): within the guidance arm
 * every rule is told or left out by its own draw, so told − not told is the rule's effect on success. Loads its own
 * data, so the experiment page includes it in one line.
 */
export async function RuleEffectsPanel({ slug }: { slug: string }) {
  const report = await ruleEffectsReport(getDb(), slug);
  if (!report) return null;
  return (
    <Panel
      title="Each rule, tested by randomisation"
      id="rule-effects"
      aside="guidance arm: told against not told"
      flush
    >
      {!report.running || report.effects.length === 0 ? (
        <p className="p-4 text-sm text-pretty text-zinc-500 dark:text-zinc-400">{noRuleEffects(report.running)}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="px-4 py-2 font-medium">Rule</th>
                <th className="px-4 py-2 text-right font-medium">Told / not told</th>
                <th className="px-4 py-2 text-right font-medium">Effect on success (95% CI)</th>
                <th className="px-4 py-2 text-right font-medium">At least</th>
                <th className="px-4 py-2 text-right font-medium">Did it: told / not told</th>
                <th
                  className="px-4 py-2 text-right font-medium"
                  title="Told against not told: cost and steps and time as a change of the mean, tool errors as a difference per session"
                >
                  Cost · steps · time · errors
                </th>
                <th className="px-4 py-2 text-right font-medium">Sessions still needed</th>
                <th className="px-4 py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {report.effects.map((e) => (
                <tr key={e.key} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="px-4 py-2">
                    <Link href={ruleHref(slug, e.key)} className="text-sky-700 hover:underline dark:text-sky-300">
                      {e.instruction ?? e.key}
                    </Link>
                  </td>
                  <td className="px-4 py-2 text-right">
                    {formatCount(e.told)} / {formatCount(e.notTold)}
                  </td>
                  <td className="px-4 py-2 text-right">{ruleEffectText(e)}</td>
                  <td className="px-4 py-2 text-right">{effectPoints(e.headline)}</td>
                  <td className="px-4 py-2 text-right">{ruleAdherenceText(e)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {e.outcomes.map((o, i) => (
                      <span key={o.key} title={`${o.label}, told against not told: ${formatComparison(o)}`}>
                        {i > 0 && " · "}
                        {formatChange(o)}
                      </span>
                    ))}
                  </td>
                  <td className="px-4 py-2 text-right">{formatCount(e.sessionsNeeded)}</td>
                  <td className="px-4 py-2">{RULE_VERDICT_WORDS[e.verdict]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="p-4 text-xs text-pretty text-zinc-500 dark:text-zinc-400">
            A verdict needs the success interval, corrected for the number of rules tested at once, to exclude zero
            (helps, hurts) or the planned sample to be reached without it (no effect shown). The guidance states each
            verdict beside its rule; a rule tested to hurt is removed from it. Cost, steps and time are the change in
            the mean when told, tool errors the difference per session: secondary descriptions, not verdicts.
          </p>
        </div>
      )}
    </Panel>
  );
}
