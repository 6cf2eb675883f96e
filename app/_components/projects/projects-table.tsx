import Link from "next/link";
import type { ProjectSummary } from "@/lib/server/projects";
import { formatCount, formatDateTime, formatRelative, isoOrUndefined } from "@/lib/format";
import { CategoryMix } from "../category-mix";
import { SuccessValue } from "../success-value";
import { Table, Td, Th, Tr } from "../table";

/** Every project: sessions, average success, category mix and last activity. */
export function ProjectsTable({ projects, now }: { projects: ProjectSummary[]; now: number }) {
  return (
    <Table caption="Projects">
      <thead>
        <tr>
          <Th>Project</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Avg success</Th>
          <Th className="hidden w-1/4 md:table-cell">Category mix</Th>
          <Th numeric>Last activity</Th>
        </tr>
      </thead>
      <tbody>
        {projects.map((p) => (
          <Tr key={p.id}>
            <Td>
              <Link href={`/projects/${encodeURIComponent(p.slug)}`} className="font-medium hover:underline">
                {p.name}
              </Link>
              {p.name !== p.slug && <div className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{p.slug}</div>}
            </Td>
            <Td numeric>{formatCount(p.sessions)}</Td>
            <Td numeric>
              <SuccessValue score={p.avgSuccess} />
            </Td>
            <Td className="hidden md:table-cell">
              <CategoryMix counts={p.categories} />
            </Td>
            <Td numeric className="text-zinc-500 dark:text-zinc-400">
              <time dateTime={isoOrUndefined(p.lastActivityAt)} title={`${formatDateTime(p.lastActivityAt)} UTC`}>
                {formatRelative(p.lastActivityAt, now)}
              </time>
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
