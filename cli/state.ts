import fs from "node:fs";
import path from "node:path";
import { emptyState, logEntry, parseSnapshot, replayLog } from "../lib/walk/import-state";
import type { ImportState } from "../lib/walk/import-state";
import type { FoundFile as SourceFile } from "../lib/walk/files";

/** The log of files sent since the snapshot at `file` was written (lib/walk/import-state.ts). */
const logPath = (file: string) => `${file}.log`;
function readText(file: string) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * The state: the snapshot, then the log of what was sent since. An unreadable snapshot is left out with a warning
 * (its files are sent again and the server reports them as duplicates); the log's entries still count.
 */
export function loadState(file: string, warn: (message: string) => void): ImportState {
  const text = readText(file);
  let state = text === null ? null : parseSnapshot(text);
  if (text !== null && state === null)
    warn(`ignoring unreadable state file ${file}: every file will be sent again (the server skips duplicates)`);
  state ??= emptyState();
  const log = readText(logPath(file));
  if (log !== null) replayLog(state, log);
  return state;
}

/**
 * Remembers files the server stored, by appending one entry to the log: one write of this request's files, which
 * a crash either completes or cuts short (the entry is then skipped, and the files are sent again).
 */
export function appendUploaded(file: string, server: string, files: SourceFile[]) {
  if (files.length === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(logPath(file), logEntry(server, files));
}

/**
 * Folds the log into a new snapshot: reads both (as `loadState`), writes the snapshot atomically (temp file +
 * rename), then removes the log. A crash before the rename leaves the old snapshot and the log; after it, the new
 * snapshot and a log whose entries it already holds. (An entry another process appends between the read and the
 * removal is lost: its files are sent again, and the server reports them as duplicates.)
 */
export function compactState(file: string) {
  if (!fs.existsSync(logPath(file))) return;
  const state = loadState(file, () => {});
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(state));
  fs.renameSync(temp, file);
  fs.rmSync(logPath(file), { force: true });
}
