import Link from "next/link";
import type { SessionListItem } from "@/lib/server/sessions";
import { formatCount, formatDateTime, formatDuration, humanize, isoOrUndefined } from "@/lib/format";
import { CategoryBadge } from "../category-badge";
import { SuccessValue } from "../success-value";
import { Table, Td, Th, Tr } from "../table";
import type { ListState } from "./list-href";
import { SortHeader } from "./sort-header";

/** One page of sessions; the sortable columns' headers are links. */
export function SessionsTable({ slug, state, items }: { slug: string; state: ListState; items: SessionListItem[] }) {
  return (
    <Table caption="Sessions">
      <thead>
        <tr>
          <SortHeader slug={slug} state={state} sort="started" label="Started (UTC)" className="hidden sm:table-cell" />
          <Th>Task</Th>
          <Th className="hidden lg:table-cell">Domain</Th>
          <Th>Category</Th>
          <SortHeader slug={slug} state={state} sort="success" label="Success" numeric />
          <SortHeader
            slug={slug}
            state={state}
            sort="operations"
            label="Ops"
            numeric
            className="hidden sm:table-cell"
          />
          <Th numeric className="hidden md:table-cell">
            Files
          </Th>
          <SortHeader
            slug={slug}
            state={state}
            sort="duration"
            label="Duration"
            numeric
            className="hidden sm:table-cell"
          />
        </tr>
      </thead>
      <tbody>
        {items.map((s) => (
          <Tr key={s.id}>
            <Td className="hidden whitespace-nowrap text-zinc-500 tabular-nums sm:table-cell dark:text-zinc-400">
              <time dateTime={isoOrUndefined(s.startedAt)}>{formatDateTime(s.startedAt)}</time>
            </Td>
            <Td className="max-w-[11rem] sm:max-w-md">
              <Link
                href={`/sessions/${s.id}`}
                className="block truncate font-medium hover:underline"
                title={s.task ?? s.externalId}
              >
                {s.task ?? s.externalId}
              </Link>
              {s.task && (
                <div className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{s.externalId}</div>
              )}
              <time
                dateTime={isoOrUndefined(s.startedAt)}
                className="block text-xs text-zinc-500 tabular-nums sm:hidden dark:text-zinc-400"
              >
                {formatDateTime(s.startedAt)} UTC
              </time>
            </Td>
            <Td className="hidden whitespace-nowrap text-zinc-600 lg:table-cell dark:text-zinc-300">
              {humanize(s.domain)}
            </Td>
            <Td>
              <CategoryBadge category={s.category} />
            </Td>
            <Td numeric>
              <SuccessValue score={s.successScore} />
            </Td>
            <Td numeric className="hidden sm:table-cell">
              {formatCount(s.operationCount)}
            </Td>
            <Td numeric className="hidden md:table-cell" title="files modified">
              {formatCount(s.filesModifiedCount)}
            </Td>
            <Td numeric className="hidden sm:table-cell">
              {formatDuration(s.durationMs)}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
