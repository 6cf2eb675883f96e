import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { formatBytes } from "../lib/upload/format-bytes";
import { checkBackup } from "./backup-check";
import { releaseCurrent } from "./current-db";
import { CliError } from "./errors";
import { plural } from "./format";

/** The server's own default (lib/config.ts), relative to the folder it runs in. */
const DEFAULT_DB = "./data/starlight.db";
/** The files SQLite keeps beside a database, which belong to it. */
const SIDE_FILES = ["-wal", "-shm", "-journal"];
const out = (line: string) => process.stdout.write(`${line}\n`);

/** `20260101T120000Z` */
function stamp() {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** @param file  a file, or a folder (which Windows cannot fsync: skipped there) */
function sync(file: string) {
  let fd;
  try {
    fd = fs.openSync(file, "r");
    fs.fsyncSync(fd);
  } catch (error) {
    if (process.platform !== "win32") throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Moves the current database and the -wal/-shm/-journal files beside it, whichever exist, to
 * `<db>.before-restore-<time>`: a stray -wal left beside the restored file would be replayed into it.
 * @returns what was kept where, or null when there was nothing to keep
 */
function keepCurrent(target: string): string | null {
  const files = ["", ...SIDE_FILES].filter((suffix) => fs.existsSync(target + suffix));
  if (files.length === 0) return null;
  let kept = `${target}.before-restore-${stamp()}`;
  for (let n = 2; fs.existsSync(kept); n++) kept = kept.replace(/(-\d+)?$/, `-${n}`);
  for (const suffix of files) fs.renameSync(target + suffix, kept + suffix);
  const side = files.filter((suffix) => suffix !== "");
  if (!files.includes("")) return `Moved the stray ${side.join(", ")} beside ${target} to ${kept}${side[0]}`;
  return `Kept the current database as ${kept}${side.length > 0 ? ` (with its ${side.join(", ")})` : ""}`;
}
function sameFile(source: string, target: string) {
  return fs.existsSync(target) && fs.realpathSync(source) === fs.realpathSync(target);
}

/**
 * `starlight restore <file> [--db <path>]`: checks the backup, refuses while the database is in use, keeps the
 * current database beside it, and swaps the backup in atomically (copied to a temp file in the same folder,
 * synced, renamed over the database).
 * @returns the exit code
 */
export async function runRestore(file: string, options: { db: string | undefined }): Promise<number> {
  const target = path.resolve(options.db ?? process.env.STARLIGHT_DB ?? DEFAULT_DB);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`${file}: no such file`);
  if (sameFile(file, target)) throw new CliError(`${file} is the database itself: nothing to restore`);

  // Reading a backup in WAL mode makes SQLite create -wal and -shm files beside it: remove those it made.
  const litter = ["-wal", "-shm"].filter((suffix) => !fs.existsSync(file + suffix));
  const backup = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const info = checkBackup(backup, file);
    out(
      `Checked ${file}: intact, a Starlight database with ${plural(info.migrations, "migration")}; it holds ${info.holds}.`,
    );
    const existed = fs.existsSync(target);
    const damaged = existed ? releaseCurrent(target) : null;

    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.restore-${process.pid}.tmp`);
    fs.rmSync(temp, { force: true });
    try {
      await backup.backup(temp);
      sync(temp);
      const kept = keepCurrent(target);
      if (kept) out(`${kept}${damaged ? `; it could not be read: ${damaged}` : ""}.`);
      fs.renameSync(temp, target);
    } finally {
      fs.rmSync(temp, { force: true });
    }
    sync(path.dirname(target));
    out(
      `Restored ${file} to ${target} (${formatBytes(fs.statSync(target).size)})${existed ? "" : "; there was no database there before"}.`,
    );
    const migrate = info.behind > 0 ? `; it applies the ${plural(info.behind, "newer migration")} when it starts` : "";
    out(`Start the Starlight server${migrate}.`);
    return 0;
  } finally {
    backup.close();
    for (const suffix of litter) fs.rmSync(file + suffix, { force: true });
  }
}
