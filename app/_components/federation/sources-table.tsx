import type { Source } from "@/lib/server/sync";
import { formatCount, formatDateTime } from "@/lib/format";
import { Table, Td, Th, Tr, ActionsTh } from "@/app/_components/table";
import { RemoveSourceButton } from "./remove-source-button";
import { syncSummary } from "./sync-report";

/** The registered server-side folders with their last sync. */
export function SourcesTable({ sources }: { sources: Source[] }) {
  if (sources.length === 0) {
    return (
      <p className="px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400">
        No folders registered yet. Register one below, then sync.
      </p>
    );
  }
  return (
    <Table caption="Registered folders" framed={false}>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Kind</Th>
          <Th>Path</Th>
          <Th>Project</Th>
          <Th numeric>Files</Th>
          <Th>Last sync</Th>
          <ActionsTh />
        </tr>
      </thead>
      <tbody>
        {sources.map((s) => (
          <Tr key={s.id}>
            <Td className="font-medium">{s.name}</Td>
            <Td className="whitespace-nowrap text-zinc-600 dark:text-zinc-300">
              {s.kind === "acos" ? "ACOS" : "Claude Code"}
            </Td>
            <Td className="max-w-[18rem] min-w-[12rem] font-mono text-xs break-all">{s.path}</Td>
            <Td>{s.project ?? <span className="text-zinc-400">from transcripts</span>}</Td>
            <Td numeric>{formatCount(s.files)}</Td>
            <Td className="min-w-[12rem] text-xs">
              {s.lastSyncedAt === null ? (
                <span className="text-zinc-400">never</span>
              ) : (
                <>
                  <div className="tabular-nums">{formatDateTime(s.lastSyncedAt)} UTC</div>
                  {s.lastResult && (
                    <div
                      className={
                        s.lastResult.error ? "text-red-700 dark:text-red-300" : "text-zinc-500 dark:text-zinc-400"
                      }
                    >
                      {syncSummary(s.lastResult)}
                    </div>
                  )}
                </>
              )}
            </Td>
            <Td className="text-right">
              <RemoveSourceButton id={s.id} name={s.name} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
