import { OutcomesTable } from "@/app/_components/experiment/outcomes-table";
import { Panel } from "@/app/_components/panel";
import type { RuleTest } from "@/lib/guidance/contract";
import { formatCount, formatPercent } from "@/lib/format";
import { HOW_RULES_ARE_TESTED, knowledgeNote } from "@/lib/guidance/rule-status";
import { signed } from "@/lib/guidance/wording";
import { ruleEffectsReport } from "@/lib/server/experiment";
import { getDb } from "@/lib/server/database";

const pp = (x: number | null) => (x === null ? "—" : `${signed(x * 100)} pp`);

/**
 * A rule's randomised test on its evidence page (docs/statistics.md#what-moves-a-rule-from-observed-to-tested): what is
 * known of it, whether it was removed from the guidance and why, its effect on success told against not told, and its
 * other outcomes by the holdout comparison's methods. Loads the experiment's per-rule effects itself.
 */
export async function RuleTestPanel({
  slug,
  ruleKey,
  test,
}: {
  slug: string;
  ruleKey: string;
  test: RuleTest | undefined;
}) {
  const report = await ruleEffectsReport(getDb(), slug);
  const effect = report?.effects.find((e) => e.key === ruleKey) ?? null;
  return (
    <Panel title="Tested by randomisation" id="randomised" className="lg:col-span-2" flush>
      <div className="space-y-2 p-4 text-sm text-pretty">
        {test?.verdict === "hurts" && (
          <p className="font-medium text-red-700 dark:text-red-400">
            Removed from the guidance: sessions told this rule succeeded less often than sessions not told it, in a
            randomised test, whatever the observational comparison above suggests.
          </p>
        )}
        <p className="text-zinc-600 dark:text-zinc-400">What is known: {knowledgeNote(test)}.</p>
        {effect === null ? (
          <p className="text-zinc-500 dark:text-zinc-400">
            {report?.running
              ? "No delivery of the running experiment held this rule yet."
              : `Rules are tested only while the experiment runs (${HOW_RULES_ARE_TESTED}): turn the holdout on and each guidance session is told this rule or not, at random.`}
          </p>
        ) : (
          <p className="text-zinc-600 tabular-nums dark:text-zinc-400">
            {formatCount(effect.told)} sessions told, {formatCount(effect.notTold)} not told: effect on success{" "}
            {pp(effect.effect)} (95% CI {pp(effect.low)}…{pp(effect.high)}), at least {pp(effect.headline)}
            {effect.adherence &&
              `; did it when told ${effect.adherence.told.rate === null ? "—" : formatPercent(effect.adherence.told.rate)}, when not told ${effect.adherence.notTold.rate === null ? "—" : formatPercent(effect.adherence.notTold.rate)}`}
            {effect.sessionsNeeded > 0 && `; about ${formatCount(effect.sessionsNeeded)} more sessions for a verdict`}.
          </p>
        )}
      </div>
      {effect && (
        <OutcomesTable
          outcomes={effect.outcomes.map((o) => ({ ...o, primary: false }))}
          labels={{
            caption: "The rule's other outcomes, told against not told, with the change when told and its 95% interval",
            arms: ["Told", "Not told"],
            change: "Change when told",
          }}
          note="Secondary descriptions, not verdicts: the rule's verdict is on success. Cost, steps and duration are compared as a ratio of means on the log scale, tool errors as a difference (Welch), as the holdout comparison does; no reading is shown before the rule's planned sample is reached."
        />
      )}
    </Panel>
  );
}
