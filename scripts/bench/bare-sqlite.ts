/**
 * The ingest baseline on SQLite (bare-rows.ts says what it stores): a bare better-sqlite3 insert of the same rows,
 * one prepared INSERT per row, into a fresh file with the app's pragmas, into tables created from Starlight's own
 * CREATE TABLE statements (the same columns, defaults and primary keys, WITHOUT ROWID where Starlight's is).
 */
import path from "node:path";
import Database from "better-sqlite3";
import { openDb, sqliteOf } from "@/db/client";
import type { Workload } from "./batches";
import { ACOS_TABLES, acosRows, linesOf, transcriptRow, type AcosTable } from "./bare-rows";
import { elapsed } from "./measure";

/** Starlight's CREATE TABLE statements for `tables`, read from a freshly migrated database. */
async function starlightTables(dir: string, tables: readonly string[]): Promise<string[]> {
  const db = openDb(path.join(dir, "schema.db"));
  const schema = sqliteOf(db).prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?");
  const sql = tables.map((name) => (schema.get(name) as { sql: string }).sql);
  await db.$executor.close();
  return sql;
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
      statement = db.prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
      );
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
  db.exec(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, session_id TEXT UNIQUE, name TEXT, line_count INTEGER, content TEXT)",
  );
  const insert = db.prepare("INSERT INTO t (session_id, name, line_count, content) VALUES (?, ?, ?, ?)");
  return elapsed(() => {
    for (const batch of w.batches) {
      db.transaction(() => {
        for (const file of batch) insert.run(...transcriptRow(file));
      })();
    }
  });
}

/** The bare insert of the same rows into a fresh file with the app's pragmas (db/client.ts: WAL, synchronous NORMAL, mmap). */
export async function bareSqliteIngest(dbPath: string, w: Workload): Promise<number> {
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("mmap_size = 1073741824");
  const ms = w.kind === "acos" ? await bareAcos(db, w, path.dirname(dbPath)) : bareTranscripts(db, w);
  db.close();
  return ms;
}
