import { Fragment } from "react";
import type { OperationRow } from "@/lib/server/sessions";
import { formatCount, formatDuration } from "@/lib/format";
import { wasRefused } from "@/lib/ingest/refusal";
import { Table, Td, Th, Tr } from "../table";

const OPERATIONS_SHOWN = 1000;

const OUTPUT_TEXT = "font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]";

/**
 * The ordered tool calls: position, time since the start, tool, target, and whether it failed, was refused by the
 * person or was delegated. A failed or refused call's text is shown under it; a shell command's output can be opened
 * in its row.
 */
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
          {shown.map((op) => {
            const errorText = op.isError ? op.output : null;
            const refused = wasRefused(op);
            const edge = errorText ? "border-b-0" : "";
            return (
              <Fragment key={op.seq}>
                <Tr id={`op-${op.seq}`}>
                  <Td numeric className={`text-zinc-500 dark:text-zinc-400 ${edge}`}>
                    {op.seq + 1}
                  </Td>
                  <Td numeric className={`text-zinc-500 dark:text-zinc-400 ${edge}`}>
                    {op.at == null ? "—" : `+${formatDuration(Math.max(0, op.at - startedAt))}`}
                  </Td>
                  <Td className={`font-medium whitespace-nowrap ${edge}`}>{op.tool}</Td>
                  <Td className={`max-w-[12rem] sm:max-w-xl ${edge}`}>
                    <span className="block truncate font-mono text-xs" title={op.file ?? op.command ?? undefined}>
                      {op.file ?? op.command ?? "—"}
                    </span>
                    {!op.isError && op.output && (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs text-zinc-500 dark:text-zinc-400">output</summary>
                        <pre
                          className={`mt-1 rounded bg-zinc-50 p-2 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300 ${OUTPUT_TEXT}`}
                        >
                          {op.output}
                        </pre>
                      </details>
                    )}
                  </Td>
                  <Td className={`space-x-1 whitespace-nowrap ${edge}`}>
                    {op.isError && !refused && (
                      <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-700 dark:bg-red-400/10 dark:text-red-300">
                        error
                      </span>
                    )}
                    {refused && (
                      <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
                        refused
                      </span>
                    )}
                    {op.delegated && (
                      <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                        sub-agent
                      </span>
                    )}
                    {!op.isError && !op.delegated && <span className="text-xs text-zinc-400">ok</span>}
                  </Td>
                </Tr>
                {errorText && (
                  <tr>
                    <td colSpan={5} className="border-b border-zinc-100 px-3 pb-2 dark:border-zinc-800/70">
                      {/* Sticky and no wider than the screen: readable on a phone without scrolling the table sideways. */}
                      <pre
                        aria-label={`${refused ? "Refusal" : "Error"} of operation ${op.seq + 1}`}
                        className={`sticky left-3 max-w-[calc(100vw-3.5rem)] rounded p-2 ${refused ? "bg-amber-50 text-amber-900 dark:bg-amber-400/10 dark:text-amber-100" : "bg-red-50 text-red-800 dark:bg-red-400/10 dark:text-red-200"} ${OUTPUT_TEXT}`}
                      >
                        {errorText}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      {operations.length > shown.length && (
        <p className="px-4 py-2 text-xs text-zinc-500 dark:text-zinc-400">
          Showing the first {formatCount(shown.length)} of {formatCount(operations.length)} operations; the raw record
          below has them all.
        </p>
      )}
    </>
  );
}
