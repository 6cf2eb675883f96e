import type { Evidence } from "@/lib/guidance/contract";
import { formatCount, formatInterval, formatPercent, formatPoints } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { welchDetails } from "./view";

/** The numbers behind a rule's interval: each group's n, mean and sd, then the difference with its Welch interval. */
export function EvidenceTable({ evidence }: { evidence: Evidence }) {
  const welch = welchDetails(evidence);
  return (
    <>
      <Table caption="Numbers behind the interval" framed={false}>
        <thead>
          <tr>
            <Th>Group</Th>
            <Th numeric>Sessions</Th>
            <Th numeric>Mean success</Th>
            <Th numeric>SD</Th>
          </tr>
        </thead>
        <tbody>
          <Tr>
            <Td>With the behaviour</Td>
            <Td numeric>{formatCount(evidence.with.n)}</Td>
            <Td numeric>{formatPercent(evidence.with.mean, 1)}</Td>
            <Td numeric>{formatPercent(evidence.with.sd, 1)}</Td>
          </Tr>
          <Tr>
            <Td>Without</Td>
            <Td numeric>{formatCount(evidence.without.n)}</Td>
            <Td numeric>{formatPercent(evidence.without.mean, 1)}</Td>
            <Td numeric>{formatPercent(evidence.without.sd, 1)}</Td>
          </Tr>
        </tbody>
      </Table>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-zinc-200 p-4 text-sm sm:grid-cols-4 dark:border-zinc-800">
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Difference</dt>
          <dd className="tabular-nums">{formatPoints(evidence.difference, 1)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">
            {evidence.method === "adjusted"
              ? `95% interval (adjusted for ${evidence.adjustedFor?.join(", ") || "nothing"})`
              : "95% interval (Welch)"}
          </dt>
          <dd className="tabular-nums">{formatInterval(evidence.low, evidence.high, 1)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Standard error</dt>
          <dd className="tabular-nums">{welch ? `${(welch.se * 100).toFixed(1)} pp` : "—"}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Degrees of freedom</dt>
          <dd className="tabular-nums">{welch ? welch.df.toFixed(1) : "—"}</dd>
        </div>
      </dl>
    </>
  );
}
