/**
 * Ingest timings for one workload: through the library (`ingestFiles` on a fresh database file), through HTTP (the
 * production server's ingest route, with a token), and the baselines of the same run: a bare better-sqlite3 insert
 * of the same rows, and JSON.parse of every line alone.
 *
 * The bare insert of ACOS trajectories writes, per trajectory, the rows Starlight stores for it: its `trajectories`
 * row, its `operations` (none: ACOS has no operation order), its `trajectory_files` (each file it modified) and its
 * memory, with the values Starlight stores (built off the clock, a request at a time, by lib/ingest/stored-rows.ts
 * from Starlight's own parse of the file). The clock covers JSON.parse of each line and one prepared INSERT per row,
 * one transaction per request, into tables created from Starlight's own CREATE TABLE statements (the same columns,
 * defaults, primary and unique keys, WITHOUT ROWID where Starlight's is) with no secondary index, trigger, full-text
 * index or foreign-key check. Library ÷ bare is thus what Starlight adds on top of storing the rows: validation,
 * features, memory text, indexes, the aggregates kept by triggers and the full-text index. The transcript baseline
 * stores each file as one row.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { openDb, sqliteOf } from "@/db/client";
import { parseFile } from "@/lib/ingest/parse-file";
import { fileRows, operationRows, sessionMemoryRow, trajectoryRow } from "@/lib/ingest/stored-rows";
import { memoryFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { multipart, type UploadFile, type Workload } from "./batches";
import { elapsed } from "./measure";
import type { BenchServer } from "./server";

interface Report {
  totals: { accepted: number; rejected: number };
}

/** What every batch must have stored: each ACOS trajectory, or each transcript file. */
const expected = (w: Workload, batch: readonly UploadFile[]) => (w.kind === "acos" ? batch.reduce((n, f) => n + f.records, 0) : batch.length);

function check(w: Workload, batch: readonly UploadFile[], report: Report, how: string): void {
  if (report.totals.accepted !== expected(w, batch) || report.totals.rejected !== 0) {
    throw new Error(`${how} ingest of ${w.kind} stored ${report.totals.accepted} of ${expected(w, batch)} (${report.totals.rejected} rejected)`);
  }
}

export async function libraryIngest(dbPath: string, w: Workload, project: string): Promise<number> {
  const db = openDb(dbPath);
  const batches = w.batches.map((batch) => ({ batch, files: batch.map((f) => memoryFile(f.name, f.content)) }));
  const started = performance.now();
  for (const { batch, files } of batches) check(w, batch, await ingestFiles(db, files, project, async () => true), "library");
  const ms = performance.now() - started;
  await db.$executor.close();
  return ms;
}

export async function httpIngest(server: BenchServer, w: Workload, project: string): Promise<number> {
  const bodies = w.batches.map((batch) => ({ batch, ...multipart(batch) }));
  const started = performance.now();
  for (const { batch, body, contentType } of bodies) {
    const response = await fetch(`${server.url}/api/v1/ingest?project=${project}`, {
      method: "POST",
      headers: { ...server.tokenHeaders, "content-type": contentType },
      body: new Uint8Array(body),
    });
    if (response.status !== 200) throw new Error(`HTTP ingest of ${w.kind}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    check(w, batch, (await response.json()) as Report, "HTTP");
  }
  return performance.now() - started;
}

const linesOf = (file: UploadFile) => file.content.toString("utf8").split("\n").filter((line) => line.trim() !== "");

/** The tables Starlight stores an ACOS trajectory's rows in. */
const ACOS_TABLES = ["trajectories", "operations", "trajectory_files", "memories"] as const;
type AcosTable = (typeof ACOS_TABLES)[number];

/** Starlight's CREATE TABLE statements for `tables`, read from a freshly migrated database. */
async function starlightTables(dir: string, tables: readonly string[]): Promise<string[]> {
  const db = openDb(path.join(dir, "schema.db"));
  const schema = sqliteOf(db).prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?");
  const sql = tables.map((name) => (schema.get(name) as { sql: string }).sql);
  await db.$executor.close();
  return sql;
}

interface TableRow {
  table: AcosTable;
  row: Record<string, unknown>;
}

/**
 * The rows of one request's files (by file and line), in insert order, as Starlight builds them for project 1, with
 * ids assigned as a fresh table assigns them (`ids` counts them across requests).
 */
function acosRows(batch: readonly UploadFile[], ids: { last: number }): TableRow[][][] {
  return batch.map((file) =>
    parseFile(file.content, file.name).trajectories.map((t) => {
      const id = ++ids.last;
      const session = trajectoryRow(1, t, { id });
      const rows: TableRow[] = [{ table: "trajectories", row: session.row }];
      for (const row of operationRows(id, session.stored)) rows.push({ table: "operations", row });
      for (const row of fileRows(id, session.stored)) rows.push({ table: "trajectory_files", row });
      rows.push({ table: "memories", row: sessionMemoryRow(1, "bench", session, id) });
      return rows;
    }),
  );
}

/** Each request's rows are built before its transaction, off the clock, so only one request's rows are held. */
async function bareAcos(db: Database.Database, w: Workload, dir: string): Promise<number> {
  db.pragma("foreign_keys = OFF");
  for (const sql of await starlightTables(dir, ACOS_TABLES)) db.exec(sql);
  const inserts = new Map<AcosTable, Database.Statement>();
  const insert = (table: AcosTable, row: Record<string, unknown>) => {
    let statement = inserts.get(table);
    if (!statement) {
      const columns = Object.keys(row);
      statement = db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`);
      inserts.set(table, statement);
    }
    statement.run(row);
  };
  const ids = { last: 0 };
  let ms = 0;
  for (const batch of w.batches) {
    const rows = acosRows(batch, ids);
    ms += elapsed(() =>
      db.transaction(() => {
        batch.forEach((file, f) => {
          linesOf(file).forEach((line, i) => {
            JSON.parse(line);
            for (const { table, row } of rows[f]![i]!) insert(table, row);
          });
        });
      })(),
    );
  }
  return ms;
}

function bareTranscripts(db: Database.Database, w: Workload): number {
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, session_id TEXT UNIQUE, name TEXT, line_count INTEGER, content TEXT)");
  const insert = db.prepare("INSERT INTO t (session_id, name, line_count, content) VALUES (?, ?, ?, ?)");
  return elapsed(() => {
    for (const batch of w.batches) {
      db.transaction(() => {
        for (const file of batch) {
          const lines = linesOf(file);
          let sessionId: string | null = null;
          for (const line of lines) {
            const parsed = JSON.parse(line) as { sessionId?: string };
            sessionId ??= parsed.sessionId ?? null;
          }
          insert.run(sessionId, file.name, lines.length, lines.join("\n"));
        }
      })();
    }
  });
}

/** The bare insert of the same rows into a fresh file with the app's pragmas (db/client.ts: WAL, synchronous NORMAL, mmap). */
export async function bareIngest(dbPath: string, w: Workload): Promise<number> {
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("mmap_size = 1073741824");
  const ms = w.kind === "acos" ? await bareAcos(db, w, path.dirname(dbPath)) : bareTranscripts(db, w);
  db.close();
  return ms;
}

/** JSON.parse of every line (decoding included): the floor any transcript parser pays. */
export function parseOnly(w: Workload): number {
  return elapsed(() => {
    for (const batch of w.batches) for (const file of batch) for (const line of linesOf(file)) JSON.parse(line);
  });
}
