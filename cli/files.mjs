// @ts-check
import fs from "node:fs";
import path from "node:path";

/**
 * One file to upload.
 * @typedef {object} SourceFile
 * @property {string} path     absolute path on disk
 * @property {string} name     name sent to the server (for Claude Code: relative to the projects root, with "/")
 * @property {number} size
 * @property {number} mtimeMs
 */

/**
 * What travels together in one request: a Claude Code session with its sub-agent files, or one ACOS file.
 * @typedef {object} Group
 * @property {string} label         shown to the user (a session file name, or an ACOS file name)
 * @property {SourceFile[]} files   the main file first
 * @property {number} subagents     sub-agent transcripts among the files
 * @property {boolean} session      true for a Claude Code session with its main transcript present
 */

/**
 * @param {string} file
 * @param {string} name
 * @returns {SourceFile | null}  null if the file vanished or is not a regular file
 */
export function sourceFile(file, name) {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return null;
    return { path: file, name, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
  } catch {
    return null;
  }
}

/**
 * Entries of a folder, sorted by name; empty when it cannot be read.
 * @param {string} dir
 * @returns {fs.Dirent[]}
 */
export function listDir(dir) {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

/**
 * `file` relative to `root`, with forward slashes, as the server expects in multipart file names.
 * @param {string} root
 * @param {string} file
 */
export function relativeName(root, file) {
  return path.relative(root, file).split(path.sep).join("/");
}

const SNIFF_BYTES = 64 * 1024;

/**
 * The JSON records on the complete lines in the first 64 KB of a JSONL file (a cheap look at its content).
 * @param {string} file
 * @returns {unknown[]}
 */
export function firstRecords(file) {
  let fd;
  try {
    fd = fs.openSync(file, "r");
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const read = fs.readSync(fd, buffer, 0, SNIFF_BYTES, 0);
    const text = buffer.subarray(0, read).toString("utf8");
    const lines = read === SNIFF_BYTES ? text.split("\n").slice(0, -1) : text.split("\n");
    /** @type {unknown[]} */
    const records = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        records.push(JSON.parse(line));
      } catch {
        // a malformed line: the server reports it; sniffing just moves on
      }
    }
    return records;
  } catch {
    return [];
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
