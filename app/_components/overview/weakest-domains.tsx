import Link from "next/link";
import { SuccessValue } from "@/app/_components/success-value";
import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { WeakDomain } from "@/lib/server/overview";
import { formatCount, humanize } from "@/lib/format";
import { filteredSessionsHref } from "./overview-state";

/** Domains with the lowest mean success (n ≥ 3), each linking to its sessions, lowest success first. */
export function WeakestDomains({
  rows,
  range,
  showProject,
}: {
  rows: WeakDomain[];
  range: { from?: string; to?: string };
  showProject: boolean;
}) {
  if (rows.length === 0)
    return (
      <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No domain has 3 or more sessions in this range.</p>
    );
  return (
    <Table caption="Weakest domains" framed={false}>
      <thead>
        <tr>
          <Th>Domain</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Success</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={`${row.slug}/${row.domain}`}>
            <Td>
              <Link
                href={filteredSessionsHref(row.slug, { domain: row.domain, ...range, sort: "success", dir: "asc" })}
                className="font-medium hover:underline"
              >
                {humanize(row.domain)}
              </Link>
              {showProject && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{row.name}</span>}
            </Td>
            <Td numeric>{formatCount(row.sessions)}</Td>
            <Td numeric>
              <SuccessValue score={row.avgSuccess} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
