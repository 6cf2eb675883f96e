import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import pg from "pg";
import { readConfig } from "@/lib/config";
import { databaseOver, type Db } from "./engine/database";
import { poolConfig, postgresExecutor } from "./engine/postgres";
import { sqliteExecutor } from "./engine/sqlite";
import { DamagedDatabaseError, quickCheck } from "./integrity";
import { migratePg } from "./pg/migrate";

export { isPostgres, jsonParameter, lockKey, sqliteOf, transaction, type Db } from "./engine/database";

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");

/**
 * Opens (creating if needed) the SQLite database at `file`, with WAL, a busy timeout and foreign keys, migrated.
 * With `check`, it first runs `PRAGMA quick_check` and throws DamagedDatabaseError when the file is damaged.
 */
export function openDb(file: string, options: { check?: boolean } = {}): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  if (options.check) {
    const problems = quickCheck(sqlite);
    if (problems.length > 0) {
      sqlite.close();
      throw new DamagedDatabaseError(path.resolve(file), problems);
    }
  }
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // Statement journals of triggered inserts (FTS, guidance stats) stay in memory instead of a temp file.
  sqlite.pragma("temp_store = MEMORY");
  // A memory search reads a few thousand scattered rows of a large vault: through a mapping of the file each page
  // costs a memory read instead of a system call (half the time of a search at 1M memories).
  sqlite.pragma("mmap_size = 1073741824");
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS });
  return databaseOver(sqliteExecutor(sqlite));
}

/**
 * The database of the PostgreSQL server at `url`, as a pool. It is not migrated here (that is asynchronous):
 * `prepareDatabase` does it once at start, and several processes starting together migrate once.
 */
export function openPostgres(url: string): Db {
  return databaseOver(postgresExecutor(new pg.Pool(poolConfig(url))));
}

const globalForDb = globalThis as unknown as { starlightDb?: Db };

/**
 * The app's database, opened on first use: the PostgreSQL server of STARLIGHT_DATABASE_URL when set, else the
 * SQLite file of STARLIGHT_DB (checked and migrated as it opens).
 */
export function getDb(): Db {
  if (!globalForDb.starlightDb) {
    const config = readConfig();
    globalForDb.starlightDb = config.databaseUrl
      ? openPostgres(config.databaseUrl)
      : openDb(config.dbPath, { check: true });
  }
  return globalForDb.starlightDb;
}

/** Closes the app's database, if it was opened; the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const db = globalForDb.starlightDb;
  delete globalForDb.starlightDb;
  await db?.$executor.close();
}

/** What to do about a damaged database, for the person starting the server. */
export function damagedDatabaseMessage(error: DamagedDatabaseError): string {
  return [
    `[starlight] The database ${error.file} is damaged, so Starlight will not start on it (writing on top of the damage could lose more).`,
    `  PRAGMA quick_check found: ${error.problems.join("; ")}`,
    "  To recover, restore your latest backup, then start again:",
    `    npx starlight restore <backup file> --db ${error.file}`,
    "  (restore keeps the damaged file beside it as <db>.before-restore-<time>). Without a backup, the sqlite3 tool",
    `  (3.44 or newer: older ones cannot read Starlight's full-text index) salvages what it can:`,
    `    sqlite3 ${error.file} ".recover" | sqlite3 recovered.db`,
  ].join("\n");
}

/**
 * The app's database at start, migrated. A damaged SQLite file stops the process with `damagedDatabaseMessage`: a
 * server that cannot trust its file should not take writes or hand out backups of it. On PostgreSQL the pending
 * migrations are applied here, under an advisory lock, so web processes starting together migrate once.
 */
export async function openAtStart(): Promise<Db> {
  const { databaseUrl } = readConfig();
  if (databaseUrl) await migratePg(databaseUrl);
  try {
    return getDb();
  } catch (error) {
    if (!(error instanceof DamagedDatabaseError)) throw error;
    console.error(damagedDatabaseMessage(error));
    process.exit(1);
  }
}
