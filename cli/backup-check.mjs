// @ts-check
import fs from "node:fs";
import { CliError } from "./errors.mjs";
import { plural } from "./format.mjs";
import { repoPath } from "./repo-path.mjs";

/** @typedef {import("better-sqlite3").Database} Database */

/** Tables every Starlight database has had since its first migration. */
const STARLIGHT_TABLES = ["projects", "trajectories", "operations", "trajectory_files", "tool_patterns", "memories"];
/** Where drizzle records the migrations applied (`created_at` = the migration's `when` in the journal). */
const MIGRATIONS_TABLE = "__drizzle_migrations";
/** What the summary counts, where the backup has the table (people arrived with accounts). */
const COUNTED = /** @type {const} */ ([
  ["projects", "project"],
  ["trajectories", "session"],
  ["memories", "memory", "memories"],
  ["users", "person", "people"],
]);

/**
 * @typedef {object} BackupInfo
 * @property {number} migrations  how many migrations the backup's schema has
 * @property {number} behind      migrations of this Starlight it lacks: the server applies them when it starts
 * @property {string} holds       what it holds, for the summary
 */

/** The `when` of every migration this Starlight ships. */
function knownMigrations() {
  const journal = JSON.parse(fs.readFileSync(repoPath("db/migrations/meta/_journal.json"), "utf8"));
  return /** @type {{ when: number }[]} */ (journal.entries).map((entry) => Number(entry.when));
}

/**
 * @param {unknown} error
 * @param {string} file
 */
function unreadable(error, file) {
  const code = /** @type {{ code?: unknown }} */ (error)?.code;
  if (code === "SQLITE_NOTADB") return new CliError(`${file} is not a SQLite database; a backup is the file GET /api/v1/backup downloads`);
  if (typeof code === "string" && code.startsWith("SQLITE_")) return new CliError(`${file} cannot be read as a database: ${/** @type {Error} */ (error).message}`);
  return error;
}

/**
 * @param {Database} db
 * @param {string} file
 */
function checkIntegrity(db, file) {
  const problems = /** @type {{ integrity_check: string }[]} */ (db.pragma("integrity_check")).map((row) => row.integrity_check);
  if (problems.length !== 1 || problems[0] !== "ok") {
    throw new CliError(`${file} is damaged (PRAGMA integrity_check): ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}`);
  }
}

/**
 * @param {Database} db
 * @param {string} file
 * @returns {Set<string>} the backup's tables
 */
function checkStarlightTables(db, file) {
  const tables = new Set(/** @type {{ name: string }[]} */ (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).map((row) => row.name));
  const missing = [MIGRATIONS_TABLE, ...STARLIGHT_TABLES].filter((name) => !tables.has(name));
  if (missing.length > 0) throw new CliError(`${file} is a SQLite database but not a Starlight one (it has no ${missing.join(", ")})`);
  return tables;
}

/**
 * Checks that the backup, open read-only, can be restored: a SQLite file that passes PRAGMA integrity_check,
 * with Starlight's tables and migrations, made by this Starlight or an older one (a newer schema would meet
 * code that does not know it).
 * @param {Database} db
 * @param {string} file  as the user named it, for messages
 * @returns {BackupInfo}
 */
export function checkBackup(db, file) {
  /** @type {Set<string>} */
  let tables;
  try {
    checkIntegrity(db, file);
    tables = checkStarlightTables(db, file);
  } catch (error) {
    throw unreadable(error, file);
  }
  const applied = /** @type {{ at: number }[]} */ (db.prepare(`SELECT created_at AS at FROM ${MIGRATIONS_TABLE}`).all()).map((row) => Number(row.at));
  const known = knownMigrations();
  if (applied.some((at) => at > Math.max(...known))) {
    throw new CliError(`${file} comes from a newer Starlight (its schema has migrations this one does not know); update Starlight, then restore it`);
  }
  const latest = Math.max(0, ...applied);
  const holds = COUNTED.filter(([table]) => tables.has(table)).map(([table, one, many]) => {
    const { n } = /** @type {{ n: number }} */ (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get());
    return plural(n, one, many);
  });
  return { migrations: applied.length, behind: known.filter((when) => when > latest).length, holds: holds.join(", ") };
}
