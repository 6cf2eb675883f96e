import fs from "node:fs";
import path from "node:path";

/**
 * The walking policy, the same for the CLI and the server (docs/walking.md): the folder the user names is taken
 * as given (it may itself be a symbolic link); below it, symbolic links are never followed and dotfiles never
 * listed, so nothing outside that folder is read and no link loop is walked. An agent's own dot-folder (`.claude`)
 * is only ever entered by name, never found by listing.
 */

/** One file to send: `name` is relative to the walked root, with "/" (as the ingest API expects). */
export interface FoundFile {
  /** Absolute path on disk. */
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
  /**
   * For a file the walker builds when it is sent (an OpenCode session, kept on disk as many small files): its bytes.
   * `path` is then the file it is named after, and `size` and `mtimeMs` those of all its files.
   */
  read?: () => Promise<Uint8Array>;
}

/** A found file's bytes: what the walker builds for it, else the file on disk. */
export async function readFound(file: FoundFile): Promise<Uint8Array> {
  return file.read ? file.read() : fs.promises.readFile(file.path);
}

/** What travels together in one request: a session with its sub-agent files, or one ACOS file. */
export interface FileGroup {
  /** Shown to the user: a session's file name, or an ACOS file name. */
  label: string;
  /** The main file first. */
  files: FoundFile[];
  /** Sub-agent transcripts among the files. */
  subagents: number;
  /** True for a session whose main transcript is present. */
  session: boolean;
}

/**
 * Entries of `dir` that are neither dotfiles nor symbolic links, sorted by name; empty when the folder cannot
 * be read. The folder is read as it is walked (opendir), so a large one neither sits in memory twice nor holds
 * the server's thread.
 */
export async function listDir(dir: string): Promise<fs.Dirent[]> {
  const entries: fs.Dirent[] = [];
  try {
    for await (const entry of await fs.promises.opendir(dir)) {
      if (!entry.name.startsWith(".") && !entry.isSymbolicLink()) entries.push(entry);
    }
  } catch {
    return [];
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** True when `dir` is a folder itself, not a symbolic link to one (for sub-folders entered by name). */
export async function isRealDir(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.lstat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** `file` relative to `root`, with forward slashes, as the server expects in multipart file names. */
export function relativeName(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}

/**
 * The file as found under `root`: null when it vanished or is not a regular file. `follow` is for a path the
 * user (or a hook payload) named, which may be a link; a file found by walking is never followed.
 */
export async function foundFile(root: string, file: string, follow = false): Promise<FoundFile | null> {
  try {
    const stat = follow ? await fs.promises.stat(file) : await fs.promises.lstat(file);
    if (!stat.isFile()) return null;
    return { path: file, name: relativeName(root, file), size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
  } catch {
    return null;
  }
}

/** lstat calls in flight at once while a folder's files are looked at: enough to keep the thread pool busy. */
const LOOKUPS = 32;

/** The files among `names` (in `dir`) that are still there, in that order. */
export async function foundAll(root: string, dir: string, names: readonly string[]): Promise<FoundFile[]> {
  const files: FoundFile[] = [];
  for (let from = 0; from < names.length; from += LOOKUPS) {
    const found = await Promise.all(
      names.slice(from, from + LOOKUPS).map((name) => foundFile(root, path.join(dir, name))),
    );
    for (const file of found) if (file) files.push(file);
  }
  return files;
}

const SNIFF_BYTES = 64 * 1024;

/** The JSON records on the complete lines in the first 64 KB of a JSONL file (a cheap look at its content). */
export async function firstRecords(file: string): Promise<unknown[]> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, "r");
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    const lines = bytesRead === SNIFF_BYTES ? text.split("\n").slice(0, -1) : text.split("\n");
    const records: unknown[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        records.push(JSON.parse(line));
      } catch {
        // a malformed line: the server reports it when the file is ingested; sniffing just moves on
      }
    }
    return records;
  } catch {
    return [];
  } finally {
    await handle?.close();
  }
}
