// @ts-check
import fs from "node:fs";
import path from "node:path";

/** @typedef {import("../lib/walk/files").FoundFile} SourceFile */

/**
 * Files already uploaded, per server, keyed by absolute path; a file counts as unchanged while its size and
 * mtime are the same. Written after every batch, so an interrupted import resumes where it stopped.
 * @typedef {object} ImportState
 * @property {1} version
 * @property {Record<string, Record<string, { size: number, mtimeMs: number, uploadedAt: string }>>} servers
 */

/** @returns {ImportState} */
const empty = () => ({ version: 1, servers: {} });

/**
 * @param {string} file
 * @param {(message: string) => void} warn
 * @returns {ImportState}
 */
export function loadState(file, warn) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return empty();
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed && parsed.version === 1 && typeof parsed.servers === "object" && parsed.servers !== null) return parsed;
  } catch {
    // fall through
  }
  warn(`ignoring unreadable state file ${file}: every file will be sent again (the server skips duplicates)`);
  return empty();
}

/**
 * @param {ImportState} state
 * @param {string} server
 * @param {SourceFile} file
 */
export function isUnchanged(state, server, file) {
  const seen = state.servers[server]?.[file.path];
  return seen !== undefined && seen.size === file.size && seen.mtimeMs === file.mtimeMs;
}

/**
 * @param {ImportState} state
 * @param {string} server
 * @param {SourceFile[]} files
 */
export function markUploaded(state, server, files) {
  const seen = (state.servers[server] ??= {});
  const uploadedAt = new Date().toISOString();
  for (const f of files) seen[f.path] = { size: f.size, mtimeMs: f.mtimeMs, uploadedAt };
}

/**
 * Writes the state atomically (temp file + rename), so a crash never leaves half a file.
 * @param {string} file
 * @param {ImportState} state
 */
export function saveState(file, state) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(state));
  fs.renameSync(temp, file);
}
