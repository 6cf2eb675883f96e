import fs from "node:fs";
import { CliError } from "./errors";
import { plural } from "./format";
import { repoPath } from "./repo-path";
import type { Database } from "better-sqlite3";

/** Tables every Starlight database has had since its first migration. */
const STARLIGHT_TABLES = ["projects", "sessions", "operations", "session_files", "tool_patterns", "memories"];
/** Where drizzle records the migrations applied (`created_at` = the migration's `when` in the journal). */
const MIGRATIONS_TABLE = "__drizzle_migrations";
/** What the summary counts, where the backup has the table (people arrived with accounts). */
const COUNTED = [
  ["projects", "project"],
  ["sessions", "session"],
  ["memories", "memory", "memories"],
  ["users", "person", "people"],
] as const;

interface BackupInfo {
  /** how many migrations the backup's schema has */
  migrations: number;
  /** migrations of this Starlight it lacks: the server applies them when it starts */
  behind: number;
  /** what it holds, for the summary */
  holds: string;
}

/** The `when` of every migration this Starlight ships. */
function knownMigrations() {
  const journal = JSON.parse(fs.readFileSync(repoPath("db/migrations/meta/_journal.json"), "utf8"));
  return (journal.entries as { when: number }[]).map((entry) => Number(entry.when));
}
function unreadable(error: unknown, file: string) {
  const code = (error as { code?: unknown })?.code;
  if (code === "SQLITE_NOTADB")
    return new CliError(`${file} is not a SQLite database; a backup is the file GET /api/v1/backup downloads`);
  if (typeof code === "string" && code.startsWith("SQLITE_"))
    return new CliError(`${file} cannot be read as a database: ${(error as Error).message}`);
  return error;
}
function checkIntegrity(db: Database, file: string) {
  const problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check);
  if (problems.length !== 1 || problems[0] !== "ok") {
    throw new CliError(
      `${file} is damaged (PRAGMA integrity_check): ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}`,
    );
  }
}

/**
 * @returns the backup's tables
 */
function checkStarlightTables(db: Database, file: string): Set<string> {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  const missing = [MIGRATIONS_TABLE, ...STARLIGHT_TABLES].filter((name) => !tables.has(name));
  if (missing.length > 0)
    throw new CliError(`${file} is a SQLite database but not a Starlight one (it has no ${missing.join(", ")})`);
  return tables;
}

/**
 * Checks that the backup, open read-only, can be restored: a SQLite file that passes PRAGMA integrity_check,
 * with Starlight's tables and migrations, made by this Starlight or an older one (a newer schema would meet
 * code that does not know it).
 * @param file as the user named it, for messages
 */
export function checkBackup(db: Database, file: string): BackupInfo {
  let tables: Set<string>;
  try {
    checkIntegrity(db, file);
    tables = checkStarlightTables(db, file);
  } catch (error) {
    throw unreadable(error, file);
  }
  const applied = (db.prepare(`SELECT created_at AS at FROM ${MIGRATIONS_TABLE}`).all() as { at: number }[]).map(
    (row) => Number(row.at),
  );
  const known = knownMigrations();
  if (applied.some((at) => at > Math.max(...known))) {
    throw new CliError(
      `${file} comes from a newer Starlight (its schema has migrations this one does not know); update Starlight, then restore it`,
    );
  }
  const latest = Math.max(0, ...applied);
  const holds = COUNTED.filter(([table]) => tables.has(table)).map(([table, one, many]) => {
    const { n } = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
    return plural(n, one, many);
  });
  return { migrations: applied.length, behind: known.filter((when) => when > latest).length, holds: holds.join(", ") };
}
