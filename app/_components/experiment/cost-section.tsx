import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { ArmCost, ExperimentReport } from "@/lib/experiment/contract";
import { formatCount, formatUsd } from "@/lib/format";

const ROWS: [label: string, arm: keyof ExperimentReport["cost"] & ("guidance" | "holdout")][] = [
  ["Guidance", "guidance"],
  ["Holdout", "holdout"],
];

/** What each arm's sessions cost, and what one successful session costs in each (everything spent over the successes). */
export function CostSection({ cost }: { cost: ExperimentReport["cost"] }) {
  const cell = (a: ArmCost, value: number | null) => (a.priced === 0 ? "no price" : formatUsd(value));
  const left = cost.guidance.unpriced + cost.holdout.unpriced;
  if (cost.guidance.priced + cost.holdout.priced === 0) {
    return (
      <p className="p-4 text-sm text-pretty text-zinc-500 dark:text-zinc-400">
        {left === 0
          ? "No enrolled session's transcript has arrived yet."
          : `None of the ${formatCount(left)} linked sessions has all its tokens priced (ACOS records count no tokens; a model missing from the price table has no price), so there is no cost to compare.`}
      </p>
    );
  }
  return (
    <Table caption="Cost per arm" framed={false}>
      <thead>
        <tr>
          <Th>Arm</Th>
          <Th numeric>Priced sessions</Th>
          <Th numeric>Left out</Th>
          <Th numeric>Successful</Th>
          <Th numeric>Cost</Th>
          <Th numeric>Per session</Th>
          <Th numeric>Per successful session</Th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map(([label, arm]) => {
          const a = cost[arm];
          return (
            <Tr key={arm}>
              <Td className="font-medium">{label}</Td>
              <Td numeric>{formatCount(a.priced)}</Td>
              <Td numeric title="no tokens counted per model, or a model without a price">
                {formatCount(a.unpriced)}
              </Td>
              <Td numeric>{formatCount(a.successful)}</Td>
              <Td numeric>{cell(a, a.usd)}</Td>
              <Td numeric>{cell(a, a.perSession)}</Td>
              <Td numeric className="font-medium">
                {a.priced > 0 && a.successful === 0 ? "no success yet" : cell(a, a.perSuccess)}
              </Td>
            </Tr>
          );
        })}
      </tbody>
    </Table>
  );
}
