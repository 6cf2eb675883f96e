import type { GenerationResult } from "@/lib/ablation/generations";
import { formatInterval, formatPercent, formatPoints } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";

const arm = (a: GenerationResult["guidance"]) =>
  a.judged === 0 ? "—" : `${formatPercent(a.completed / a.judged)} (${a.completed} of ${a.judged})`;

/** The runs of every ablation of a generation pooled: does a newer generation help more than an older one did? */
export function GenerationsTable({ generations }: { generations: GenerationResult[] }) {
  return (
    <Table caption="Ablation results per guidance generation" framed={false}>
      <thead>
        <tr>
          <Th>Guidance generation</Th>
          <Th numeric>Ablations</Th>
          <Th numeric>With guidance</Th>
          <Th numeric>Without</Th>
          <Th numeric>Difference</Th>
          <Th numeric>95% interval</Th>
        </tr>
      </thead>
      <tbody>
        {generations.map((g) => (
          <Tr key={g.generation}>
            <Td className="font-medium">Generation {g.generation}</Td>
            <Td numeric>{g.ablations}</Td>
            <Td numeric>{arm(g.guidance)}</Td>
            <Td numeric>{arm(g.none)}</Td>
            <Td numeric>{g.difference ? formatPoints(g.difference.estimate) : "—"}</Td>
            <Td numeric>{g.difference ? formatInterval(g.difference.low, g.difference.high) : "—"}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
