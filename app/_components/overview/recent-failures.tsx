import Link from "next/link";
import { SuccessValue } from "@/app/_components/success-value";
import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { RecentFailure } from "@/lib/server/overview";
import { formatDateTime, humanize } from "@/lib/format";

/** The latest sessions in the `error` category, each linking to its session page. */
export function RecentFailures({ rows, showProject }: { rows: RecentFailure[]; showProject: boolean }) {
  if (rows.length === 0)
    return (
      <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No sessions in the error category in this range.</p>
    );
  return (
    <Table caption="Recent failures" framed={false}>
      <thead>
        <tr>
          <Th>Session</Th>
          <Th numeric className="hidden sm:table-cell">
            Started (UTC)
          </Th>
          <Th numeric>Success</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td className="max-w-0 w-full">
              <Link
                href={`/sessions/${row.id}`}
                className="block truncate font-medium hover:underline"
                title={row.task ?? row.externalId}
              >
                {row.task ?? row.externalId}
              </Link>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {showProject ? `${row.slug} · ` : ""}
                {humanize(row.domain)}
                <span className="sm:hidden"> · {formatDateTime(row.startedAt)}</span>
              </span>
            </Td>
            <Td numeric className="hidden sm:table-cell">
              {formatDateTime(row.startedAt)}
            </Td>
            <Td numeric>
              <SuccessValue score={row.successScore} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
