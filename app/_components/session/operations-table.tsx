import type { OperationRow } from "@/db/schema";
import { formatCount, formatDuration } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";

export const OPERATIONS_SHOWN = 1000;

/** The ordered tool calls: position, time since the start, tool, target, and whether it failed or was delegated. */
export function OperationsTable({ operations, startedAt }: { operations: OperationRow[]; startedAt: number }) {
  const shown = operations.slice(0, OPERATIONS_SHOWN);
  return (
    <>
      <Table caption="Operations in order" framed={false}>
        <thead>
          <tr>
            <Th numeric>#</Th>
            <Th numeric>At</Th>
            <Th>Tool</Th>
            <Th>Target</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {shown.map((op) => (
            <Tr key={op.seq}>
              <Td numeric className="text-zinc-500 dark:text-zinc-400">
                {op.seq + 1}
              </Td>
              <Td numeric className="text-zinc-500 dark:text-zinc-400">
                {op.at == null ? "—" : `+${formatDuration(Math.max(0, op.at - startedAt))}`}
              </Td>
              <Td className="font-medium whitespace-nowrap">{op.tool}</Td>
              <Td className="max-w-[12rem] sm:max-w-xl">
                <span className="block truncate font-mono text-xs" title={op.file ?? op.command ?? undefined}>
                  {op.file ?? op.command ?? "—"}
                </span>
              </Td>
              <Td className="space-x-1 whitespace-nowrap">
                {op.isError && <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700 dark:bg-red-400/10 dark:text-red-300">error</span>}
                {op.delegated && <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">sub-agent</span>}
                {!op.isError && !op.delegated && <span className="text-xs text-zinc-400">ok</span>}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {operations.length > shown.length && (
        <p className="px-4 py-2 text-xs text-zinc-500 dark:text-zinc-400">
          Showing the first {formatCount(shown.length)} of {formatCount(operations.length)} operations; the raw record below has them all.
        </p>
      )}
    </>
  );
}
