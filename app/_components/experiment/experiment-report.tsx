import type { ExperimentReport } from "@/lib/experiment/contract";
import { formatPercent } from "@/lib/format";
import { THRESHOLDS } from "@/lib/guidance/aggregates";
import { Panel } from "../panel";
import { AdherenceTable } from "./adherence-table";
import { CostSection } from "./cost-section";
import { ExperimentSummary } from "./experiment-summary";
import { OutcomesTable } from "./outcomes-table";
import { PowerSection } from "./power-panel";
import { SavingsSection } from "./savings-panel";
import { NoteEffectsPanel } from "./note-effects-panel";
import { RuleEffectsPanel } from "./rule-effects-panel";
import { SuccessSection } from "./success-section";
import { weekRows } from "./view";
import { WeeklyCharts } from "./weekly-charts";

/** The experiment's report: counts, every outcome with its interval, how long until it can be read, what guidance costs and saves, success and cost by arm, rule adherence, each rule's and each tool-call note's randomised effect, over time, and the caveats. */
export function ExperimentReportView({ slug, report }: { slug: string; report: ExperimentReport }) {
  return (
    <div className="space-y-4">
      <ExperimentSummary slug={slug} report={report} />
      <Panel title="Outcomes: guidance against holdout" id="outcomes" aside="primary: cost per session" flush>
        <OutcomesTable outcomes={report.outcomes} />
      </Panel>
      <Panel title="How long until we know" id="power">
        <PowerSection power={report.howLong} />
      </Panel>
      <Panel title="What Starlight costs and saves" id="savings">
        <SavingsSection savings={report.savings} />
      </Panel>
      <Panel title="Success: guidance against holdout" id="success" aside="sessions with a transcript" flush>
        <SuccessSection report={report} />
      </Panel>
      <Panel
        title="Cost: what a success costs in each arm"
        id="cost"
        aside={`prices of ${report.cost.prices}; successful: score ≥ ${formatPercent(THRESHOLDS.succeededMinScore)}`}
        flush
      >
        <CostSection cost={report.cost} />
      </Panel>
      <Panel
        title="Did the agent do what it was told?"
        id="adherence"
        aside="eligible: sessions that could show the behaviour"
        flush
      >
        {report.adherence.length > 0 ? (
          <AdherenceTable rows={report.adherence} />
        ) : (
          <p className="p-4 text-sm text-pretty text-zinc-500 dark:text-zinc-400">
            No guidance delivered in this experiment held a rule whose behaviour can be measured (reading before
            editing, a check after multi-file edits, delegation, short sessions, focused changes).
          </p>
        )}
      </Panel>
      <RuleEffectsPanel slug={slug} />
      <NoteEffectsPanel notes={report.notes} />
      <Panel title="Over time" id="over-time" aside="by the week each session started">
        {report.weekly.length > 0 ? (
          <WeeklyCharts data={weekRows(report.weekly)} />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            No enrolled session&apos;s transcript has arrived yet.
          </p>
        )}
      </Panel>
      <Panel title="Caveats" id="caveats">
        {report.caveats.length > 0 ? (
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-pretty text-zinc-700 dark:text-zinc-300">
            {report.caveats.map((caveat) => (
              <li key={caveat}>{caveat}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">None that apply to these numbers.</p>
        )}
      </Panel>
    </div>
  );
}
