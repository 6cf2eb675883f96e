import type { AblationAnalysis } from "@/lib/ablation/analysis";
import { MEASURE_LABELS, type PairedMeasure } from "@/lib/ablation/paired";
import { Table, Td, Th, Tr } from "../table";

const DIGITS: Record<PairedMeasure, number> = { tokens: 0, costUsd: 4, operations: 1, durationMs: 0 };

const signed = (x: number, digits: number) =>
  `${x >= 0 ? "+" : "−"}${Math.abs(x).toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;

/**
 * Tokens, cost, steps and duration paired over tasks (guidance minus control, each read off the run's transcript),
 * the tasks guidance made worse, and how many tasks a 10-point difference in completion needs.
 */
export function PairedMeasures({ analysis }: { analysis: AblationAnalysis }) {
  const plan = analysis.planning;
  return (
    <div className="space-y-3">
      {analysis.measures.length === 0 ? (
        <p className="px-4 pt-3 text-sm text-zinc-600 dark:text-zinc-400">
          Fewer than two tasks have verified runs in both arms: nothing to pair yet.
        </p>
      ) : (
        <Table caption="Tokens, cost, steps and duration paired over tasks" framed={false}>
          <thead>
            <tr>
              <Th>Measure</Th>
              <Th numeric>Tasks</Th>
              <Th numeric>Without (mean)</Th>
              <Th numeric>Difference</Th>
              <Th numeric>95% CI</Th>
              <Th numeric>Relative</Th>
            </tr>
          </thead>
          <tbody>
            {analysis.measures.map((d) => {
              const digits = DIGITS[d.measure];
              return (
                <Tr key={d.measure}>
                  <Td>{MEASURE_LABELS[d.measure]}</Td>
                  <Td numeric>{d.tasks}</Td>
                  <Td numeric>{signed(d.control, digits).replace(/^\+/, "")}</Td>
                  <Td numeric>{signed(d.mean, digits)}</Td>
                  <Td numeric>
                    {signed(d.low, digits)} … {signed(d.high, digits)}
                  </Td>
                  <Td numeric>{d.control > 0 ? `${signed((d.mean / d.control) * 100, 0)}%` : "—"}</Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <div className="space-y-1 px-4 pb-3 text-sm">
        <p>
          <span className="font-medium">Tasks guidance made worse: </span>
          {analysis.worse.length === 0 ? (
            "none."
          ) : (
            <span className="font-mono text-xs break-all">{analysis.worse.join(", ")}</span>
          )}
        </p>
        {plan.tasksNeeded !== null && (
          <p className="text-zinc-600 dark:text-zinc-400">
            To detect a {Math.round(plan.effect * 100)}-point difference in completion with 80% power, about{" "}
            {plan.tasksNeeded} paired tasks are needed when {Math.round(plan.discordant * 100)}% of pairs disagree (
            {plan.observed ? "as observed here" : "assumed"}); this ablation has {analysis.mcnemar.pairs}.
          </p>
        )}
      </div>
    </div>
  );
}
