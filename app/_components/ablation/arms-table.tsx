import type { AblationAnalysis } from "@/lib/ablation/analysis";
import { formatCompact, formatPercent, formatUsd } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { ARM_LABELS, completionText, seconds } from "./view";

const num = (x: number | null) => (x === null ? "—" : x.toFixed(1));

/** Completion per arm with its Wilson interval, and what a run and a completed task cost in each arm. */
export function ArmsTable({ analysis }: { analysis: AblationAnalysis }) {
  return (
    <Table caption="Completion and efficiency per arm" framed={false}>
      <thead>
        <tr>
          <Th>Arm</Th>
          <Th numeric>Completed</Th>
          <Th numeric>95% interval</Th>
          <Th numeric>Tool errors / run</Th>
          <Th numeric>Operations / run</Th>
          <Th numeric>Agent time / run</Th>
          <Th numeric>Tokens / completed task</Th>
          <Th numeric>Cost / completed task</Th>
          <Th numeric>Not judged</Th>
        </tr>
      </thead>
      <tbody>
        {analysis.arms.map((a) => (
          <Tr key={a.arm}>
            <Td className="font-medium whitespace-nowrap">{ARM_LABELS[a.arm]}</Td>
            <Td numeric>{completionText(a)}</Td>
            <Td numeric>
              {a.completion ? `${formatPercent(a.completion.low)}–${formatPercent(a.completion.high)}` : "—"}
            </Td>
            <Td numeric>{num(a.meanToolErrors)}</Td>
            <Td numeric>{num(a.meanOperations)}</Td>
            <Td numeric>{seconds(a.meanDurationMs)}</Td>
            <Td numeric>{a.tokensPerCompleted === null ? "—" : formatCompact(a.tokensPerCompleted)}</Td>
            <Td numeric>{formatUsd(a.costPerCompleted)}</Td>
            <Td numeric>{a.setupFailed + a.checkErrors}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
