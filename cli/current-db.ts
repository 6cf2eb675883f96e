import fs from "node:fs";
import Database from "better-sqlite3";
import { CliError } from "./errors";

const SQLITE_HEADER = "SQLite format 3\0";
function looksLikeSqlite(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(fd, header, 0, header.length, 0);
    return read === 0 || header.toString("latin1") === SQLITE_HEADER;
  } finally {
    fs.closeSync(fd);
  }
}
function isBusy(error: unknown) {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/**
 * Makes sure nothing has the database at `target` open, then folds its write-ahead log into it, so the file
 * alone holds all of it (closing the last connection removes the -wal and -shm files). A running server keeps
 * a shared lock on its database as long as it has it open, idle or not, so asking for an exclusive lock is
 * refused while it runs (BEGIN IMMEDIATE would only notice a write in progress).
 * @param target an existing file
 * @returns why the current database could not be read (restoring over a damaged one is fine), or null
 */
export function releaseCurrent(target: string): string | null {
  if (!looksLikeSqlite(target)) {
    throw new CliError(
      `${target} is not a SQLite database; pass the Starlight database with --db (or STARLIGHT_DB). Nothing was changed.`,
    );
  }
  const db = new Database(target, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 1000");
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    db.pragma("wal_checkpoint(TRUNCATE)");
    return null;
  } catch (error) {
    if (isBusy(error)) {
      throw new CliError(
        `${target} is in use: stop the Starlight server (and anything else that has it open), then run the restore again. Nothing was changed.`,
      );
    }
    return (error as Error).message;
  } finally {
    db.close();
  }
}
