import type { SyncReport, SyncSourceResult } from "@/lib/sync/report";
import { formatCount } from "@/lib/format";
import { Table, Td, Th, Tr } from "@/app/_components/table";

/** One line summing a source's sync: "12 files seen · 12 unchanged · 0 accepted"; or its error. */
export function syncSummary(r: SyncSourceResult): string {
  if (r.error) return r.error;
  const parts = [`${formatCount(r.filesSeen)} files seen`, `${formatCount(r.filesUnchanged)} unchanged`];
  if (r.sessions > 0) parts.push(`${formatCount(r.sessions)} sessions`);
  parts.push(`${formatCount(r.accepted)} accepted`);
  if (r.duplicates > 0) parts.push(`${formatCount(r.duplicates)} duplicates`);
  if (r.rejected > 0) parts.push(`${formatCount(r.rejected)} rejected`);
  return parts.join(" · ");
}

/** What "Sync all" did, per source and per project. */
export function SyncReportTable({ report }: { report: SyncReport }) {
  if (report.sources.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No folders are registered: nothing to sync.</p>;
  const t = report.totals;
  const nothingNew = t.filesRead === 0 && report.sources.every((s) => !s.error);
  return (
    <div className="space-y-2" data-testid="sync-report">
      <p role="status" className="text-sm">
        {nothingNew
          ? `Nothing new: ${formatCount(t.filesUnchanged)} files unchanged since the last sync.`
          : `Read ${formatCount(t.filesRead)} files: ${formatCount(t.sessions)} sessions, ${formatCount(t.accepted)} records accepted, ${formatCount(t.duplicates)} duplicates, ${formatCount(t.rejected)} rejected.`}
      </p>
      <div className="rounded-md border border-zinc-200 dark:border-zinc-800">
        <Table caption="Sync result per project" framed={false}>
          <thead>
            <tr>
              <Th>Source</Th>
              <Th>Project</Th>
              <Th numeric>Files seen</Th>
              <Th numeric>Unchanged</Th>
              <Th numeric>Sessions</Th>
              <Th numeric>Accepted</Th>
              <Th numeric>Duplicates</Th>
              <Th numeric>Rejected</Th>
            </tr>
          </thead>
          <tbody>
            {report.sources.flatMap((s) =>
              s.error
                ? [
                    <Tr key={s.sourceId}>
                      <Td className="font-medium">{s.name}</Td>
                      <Td colSpan={7} className="text-red-700 dark:text-red-300">
                        {s.error}
                      </Td>
                    </Tr>,
                  ]
                : s.projects.length === 0
                  ? [
                      <Tr key={s.sourceId}>
                        <Td className="font-medium">{s.name}</Td>
                        <Td colSpan={7} className="text-zinc-500 dark:text-zinc-400">
                          No files found.
                        </Td>
                      </Tr>,
                    ]
                  : s.projects.map((p) => (
                      <Tr key={`${s.sourceId}:${p.project ?? ""}`} data-testid="sync-project-row">
                        <Td className="font-medium">{s.name}</Td>
                        <Td className="whitespace-nowrap">
                          {p.project ?? <span className="text-zinc-400">no project</span>}
                        </Td>
                        <Td numeric>{formatCount(p.filesSeen)}</Td>
                        <Td numeric>{formatCount(p.filesUnchanged)}</Td>
                        <Td numeric>{formatCount(p.sessions)}</Td>
                        <Td numeric>{formatCount(p.accepted)}</Td>
                        <Td numeric>{formatCount(p.duplicates)}</Td>
                        <Td numeric className={p.rejected > 0 ? "text-red-700 dark:text-red-300" : ""}>
                          {formatCount(p.rejected)}
                        </Td>
                      </Tr>
                    )),
            )}
          </tbody>
        </Table>
      </div>
      {report.sources.some((s) => s.errors.length > 0) && (
        <details className="text-xs text-zinc-600 dark:text-zinc-300">
          <summary className="cursor-pointer">Problems</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 font-mono">
            {report.sources.flatMap((s) => s.errors.map((e, i) => <li key={`${s.sourceId}:${i}`}>{e}</li>))}
          </ul>
        </details>
      )}
    </div>
  );
}
