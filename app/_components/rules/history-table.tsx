import { formatDateTime, formatInterval, formatPoints } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { StatusBadge } from "./status-badge";
import type { HistoryPoint } from "./types";

/** The rule in every guidance generation, newest first: its support, difference and interval, or absence. */
export function HistoryTable({ history }: { history: HistoryPoint[] }) {
  const rows = [...history].sort((a, b) => b.generation - a.generation);
  return (
    <Table caption="Rule history over guidance generations" framed={false}>
      <thead>
        <tr>
          <Th numeric>Generation</Th>
          <Th>Generated (UTC)</Th>
          <Th>Support</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Difference</Th>
          <Th numeric>95% interval</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((h) => (
          <Tr key={h.generation}>
            <Td numeric>{h.generation}</Td>
            <Td className="whitespace-nowrap tabular-nums">{formatDateTime(h.createdAt)}</Td>
            <Td>
              {h.support ? (
                <StatusBadge status={h.support} />
              ) : (
                <span className="text-zinc-500 dark:text-zinc-400">not stated</span>
              )}
            </Td>
            <Td numeric>{h.withN != null && h.withoutN != null ? `${h.withN} vs ${h.withoutN}` : "—"}</Td>
            <Td numeric>{h.difference != null ? formatPoints(h.difference, 1) : "—"}</Td>
            <Td numeric>{h.low != null && h.high != null ? formatInterval(h.low, h.high, 1) : "—"}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
