// Read access to what a test server stored, for the load and fault tests' checks: a SQLite file (or a copy of one) or
// a PostgreSQL database, through one small interface of its own rather than the app's data layer, so the checks
// do not share the code they check. SQL uses `?` placeholders and the spellings both engines accept.
import Database from "better-sqlite3";
import pg from "pg";
import { numberedPlaceholders } from "@/db/engine/placeholders";
import { poolConfig } from "@/db/engine/postgres";

export interface Stored {
  readonly engine: "sqlite" | "postgresql";
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** Runs `work` on one consistent snapshot of the database (what other writers commit meanwhile is not seen). */
  snapshot<T>(work: () => Promise<T>): Promise<T>;
  /** The engine's own checks of its files and indexes, as problems; empty when they find nothing. */
  engineChecks(): Promise<string[]>;
  close(): Promise<void>;
}

export function storedSqlite(file: string): Stored {
  const db = new Database(file);
  return {
    engine: "sqlite",
    all: async <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
    async snapshot(work) {
      db.exec("BEGIN");
      try {
        return await work();
      } finally {
        db.exec("COMMIT");
      }
    },
    async engineChecks() {
      const problems: string[] = [];
      const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
      if (integrity.join() !== "ok") problems.push(`integrity_check: ${integrity.slice(0, 5).join("; ")}`);
      const foreign = db.pragma("foreign_key_check") as { table: string; parent: string }[];
      if (foreign.length > 0)
        problems.push(`foreign_key_check: ${foreign.length} rows, e.g. ${foreign[0]!.table} → ${foreign[0]!.parent}`);
      for (const index of ["memories_fts", "memories_words"]) {
        try {
          db.exec(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`);
        } catch (error) {
          problems.push(`${index} integrity-check: ${(error as Error).message}`);
        }
      }
      // memory_stems holds a memory's text only while its trigger reads the stems back (migration 0031).
      const stems = db.prepare("SELECT count(*) FROM memory_stem_instances").pluck().get() as number;
      if (stems > 0) problems.push(`memory_stems holds ${stems} words after its triggers`);
      // and memories.stem_pairs holds the pairs ingest made only until the triggers have indexed them (migration 0032).
      const given = db.prepare("SELECT count(*) FROM memories WHERE stem_pairs IS NOT NULL").pluck().get() as number;
      if (given > 0) problems.push(`${given} memories keep their given pairs after their triggers`);
      return problems;
    },
    async close() {
      db.close();
    },
  };
}

/** PostgreSQL's structural check of every B-tree index (amcheck, shipped with the server) stands for SQLite's integrity_check. */
export async function storedPostgres(url: string): Promise<Stored> {
  const client = new pg.Client(poolConfig(url));
  await client.connect();
  const all = async <T>(sql: string, ...params: unknown[]) =>
    (await client.query(numberedPlaceholders(sql), params)).rows as T[];
  return {
    engine: "postgresql",
    all,
    async snapshot(work) {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      try {
        return await work();
      } finally {
        await client.query("COMMIT");
      }
    },
    async engineChecks() {
      await client.query("CREATE EXTENSION IF NOT EXISTS amcheck");
      const indexes = await all<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = 'public' AND a.amname = 'btree'`,
      );
      const problems: string[] = [];
      for (const { name } of indexes) {
        try {
          await client.query(`SELECT bt_index_check($1::regclass, true)`, [name]);
        } catch (error) {
          problems.push(`amcheck ${name}: ${(error as Error).message}`);
        }
      }
      return problems;
    },
    close: () => client.end(),
  };
}
