import type { FoundFile } from "./files";

/**
 * What `starlight import` and `push` remember of the files they sent: per server, by absolute path, the size and
 * mtime each had when the server stored it; a file counts as unchanged while both are the same.
 *
 * It lives in two files: a snapshot (`import-state.json`, this shape as JSON, replaced whole by rename) and a log
 * beside it (`import-state.json.log`) that each answered request appends one entry to, so an import writes what it
 * sent as it goes at the cost of that request's files, not of everything sent so far. An entry is one JSON line,
 * written after a newline of its own: a line cut short (a crash while writing, or a disk that filled) parses as
 * nothing and is skipped, and the entry after it still starts on a line of its own. Loading reads the snapshot, then
 * the log over it; compacting writes both into a new snapshot, then removes the log. Entries say what the server
 * already holds, so replaying one twice changes nothing: a crash between the two steps loses nothing.
 */
export interface ImportState {
  version: 1;
  servers: Record<string, Record<string, { size: number; mtimeMs: number; uploadedAt: string }>>;
}

/** One log entry: the files a server stored in full, as [path, size, mtimeMs], and when. */
interface LogEntry {
  server: string;
  at: string;
  files: [path: string, size: number, mtimeMs: number][];
}

export const emptyState = (): ImportState => ({ version: 1, servers: {} });

/** A snapshot's text as a state; null when it is not one (damaged, or written by a newer version). */
export function parseSnapshot(text: string): ImportState | null {
  try {
    const parsed: unknown = JSON.parse(text);
    const state = parsed as Partial<ImportState> | null;
    if (state && state.version === 1 && typeof state.servers === "object" && state.servers !== null)
      return state as ImportState;
  } catch {
    // not JSON
  }
  return null;
}

export function isUnchanged(state: ImportState, server: string, file: FoundFile): boolean {
  const seen = state.servers[server]?.[file.path];
  return seen !== undefined && seen.size === file.size && seen.mtimeMs === file.mtimeMs;
}

export function markUploaded(
  state: ImportState,
  server: string,
  files: readonly FoundFile[],
  uploadedAt = new Date().toISOString(),
): void {
  const seen = (state.servers[server] ??= {});
  for (const f of files) seen[f.path] = { size: f.size, mtimeMs: f.mtimeMs, uploadedAt };
}

/** The log entry for files a server stored in full: text to append to the log as it is. */
export function logEntry(server: string, files: readonly FoundFile[], at = new Date().toISOString()): string {
  const entry: LogEntry = { server, at, files: files.map((f) => [f.path, f.size, f.mtimeMs]) };
  return `\n${JSON.stringify(entry)}`;
}

function isEntry(value: unknown): value is LogEntry {
  const e = value as Partial<LogEntry> | null;
  return !!e && typeof e.server === "string" && typeof e.at === "string" && Array.isArray(e.files);
}

const isFile = (f: unknown): f is LogEntry["files"][number] =>
  Array.isArray(f) && typeof f[0] === "string" && typeof f[1] === "number" && typeof f[2] === "number";

/** Applies a log's entries to `state`, in order, skipping any line that is not a whole entry (one cut short). */
export function replayLog(state: ImportState, text: string): void {
  for (const line of text.split("\n")) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isEntry(entry)) continue;
    const files = entry.files.filter(isFile).map(([path, size, mtimeMs]) => ({ path, name: path, size, mtimeMs }));
    markUploaded(state, entry.server, files, entry.at);
  }
}
