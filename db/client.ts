import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readConfig } from "@/lib/config";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");

/** Opens (creating if needed) the database at `file`, with WAL, a busy timeout and foreign keys, migrated. */
export function openDb(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // Statement journals of triggered inserts (FTS, guidance stats) stay in memory instead of a temp file.
  sqlite.pragma("temp_store = MEMORY");
  // A memory search reads a few thousand scattered rows of a large vault: through a mapping of the file each page
  // costs a memory read instead of a system call (half the time of a search at 1M memories).
  sqlite.pragma("mmap_size = 1073741824");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

const globalForDb = globalThis as unknown as { starlightDb?: Db };

/** The app's one connection, opened and migrated on first use. */
export function getDb(): Db {
  globalForDb.starlightDb ??= openDb(readConfig().dbPath);
  return globalForDb.starlightDb;
}
