import type { RuleSessionItem } from "@/lib/server/rule-sessions";
import Link from "next/link";
import { formatDate, formatQuantity, humanize } from "@/lib/format";
import { SuccessValue } from "../success-value";
import { Table, Td, Th, Tr } from "../table";

export function RuleSessions({
  title,
  sessions,
  total,
}: {
  title: string;
  sessions: RuleSessionItem[];
  total: number;
}) {
  if (sessions.length === 0)
    return <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No sessions on this side.</p>;
  return (
    <>
      <Table caption={title} framed={false}>
        <thead>
          <tr>
            <Th>Session</Th>
            <Th className="max-sm:hidden">Domain</Th>
            <Th numeric className="max-sm:hidden">
              Started
            </Th>
            <Th numeric>Success</Th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <Tr key={s.id}>
              <Td className="max-w-[16rem] sm:max-w-[22rem]">
                <Link
                  href={`/sessions/${s.id}`}
                  className="block truncate text-sky-700 hover:underline dark:text-sky-300"
                  title={s.task ?? s.externalId}
                >
                  {s.task ?? s.externalId}
                </Link>
              </Td>
              <Td className="whitespace-nowrap max-sm:hidden">{humanize(s.domain)}</Td>
              <Td numeric className="max-sm:hidden">
                {formatDate(s.startedAt)}
              </Td>
              <Td numeric>
                <SuccessValue score={s.successScore} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {total > sessions.length && (
        <p className="border-t border-zinc-200 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          Showing {sessions.length} of {formatQuantity(total, "session")}.
        </p>
      )}
    </>
  );
}
