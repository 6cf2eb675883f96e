/**
 * What the bare inserts (the ingest baselines, bare-sqlite.ts and bare-postgres.ts) store, and the JSON.parse floor.
 *
 * The bare insert of ACOS trajectories writes, per session, the rows Starlight stores for it: its `sessions`
 * row, its `operations` (none: ACOS has no operation order), its `session_files` (each file it modified) and its
 * memory, with the values Starlight stores (built off the clock, a request at a time, by lib/ingest/session-rows.ts
 * from Starlight's own parse of the file). The clock covers JSON.parse of each line and the inserts, one transaction
 * per request, into tables with Starlight's columns, defaults and primary keys but no other index, trigger,
 * full-text index or foreign-key check. Library ÷ bare is thus what Starlight adds on top of storing the rows:
 * validation, features, memory text, indexes, the aggregates kept by triggers and the full-text index. The
 * transcript baseline stores each file as one row.
 */
import { parseFile } from "@/lib/ingest/parse-file";
import { fileRows, operationRows, sessionMemoryRow, sessionRow } from "@/lib/ingest/session-rows";
import type { UploadFile, Workload } from "./batches";
import { elapsed } from "./measure";

export const linesOf = (file: UploadFile) =>
  file.content
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");

/** JSON.parse of every line (decoding included): the floor any transcript parser pays. */
export function parseOnly(w: Workload): number {
  return elapsed(() => {
    for (const batch of w.batches) for (const file of batch) for (const line of linesOf(file)) JSON.parse(line);
  });
}

/** The tables Starlight stores an ACOS trajectory's rows in. */
export const ACOS_TABLES = ["sessions", "operations", "session_files", "memories"] as const;
export type AcosTable = (typeof ACOS_TABLES)[number];

export interface TableRow {
  table: AcosTable;
  row: Record<string, unknown>;
}

/**
 * The rows of one request's files (by file and line), in insert order, as Starlight builds them for project 1, with
 * ids assigned as a fresh table assigns them (`ids` counts them across requests).
 */
export function acosRows(batch: readonly UploadFile[], ids: { last: number }): TableRow[][][] {
  return batch.map((file) =>
    parseFile(file.content, file.name).sessions.map((t) => {
      const id = ++ids.last;
      const session = sessionRow(1, t, { id });
      const rows: TableRow[] = [{ table: "sessions", row: session.row }];
      for (const row of operationRows(id, session.stored)) rows.push({ table: "operations", row });
      for (const row of fileRows(id, session.stored)) rows.push({ table: "session_files", row });
      rows.push({ table: "memories", row: sessionMemoryRow(1, "bench", session, id) });
      return rows;
    }),
  );
}

/** The one row the transcript baseline stores for a file, after JSON.parse of each of its lines (on the clock). */
export function transcriptRow(
  file: UploadFile,
): [sessionId: string | null, name: string, lineCount: number, content: string] {
  const lines = linesOf(file);
  let sessionId: string | null = null;
  for (const line of lines) {
    const parsed = JSON.parse(line) as { sessionId?: string };
    sessionId ??= parsed.sessionId ?? null;
  }
  return [sessionId, file.name, lines.length, lines.join("\n")];
}
