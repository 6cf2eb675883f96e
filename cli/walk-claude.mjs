// @ts-check
import path from "node:path";
import { firstRecords, isObject, listDir, relativeName, sourceFile } from "./files.mjs";

/** @typedef {import("./files.mjs").Group} Group */
/** @typedef {import("./files.mjs").SourceFile} SourceFile */

const KNOWN_TYPES = new Set(["user", "assistant", "system", "summary", "file-history-snapshot", "queue-operation", "progress", "attachment", "permission-mode", "last-prompt", "ai-title", "custom-title", "pr-link"]);

/**
 * True when the file's first records look like a Claude Code transcript (formats.md §2); an empty file counts.
 * @param {string} file
 */
export function looksLikeTranscript(file) {
  const records = firstRecords(file);
  if (records.length === 0) return true;
  return records.some((r) => isObject(r) && typeof r.type === "string" && (KNOWN_TYPES.has(r.type) || typeof r.sessionId === "string"));
}

/**
 * The parent session of a flat-layout sub-agent file: the first `sessionId` among its first records.
 * @param {string} file
 * @returns {string | null}
 */
export function sessionIdOf(file) {
  for (const record of firstRecords(file)) {
    if (isObject(record) && typeof record.sessionId === "string" && record.sessionId) return record.sessionId;
  }
  return null;
}

/** @param {string} name */
const isTranscriptName = (name) => name.endsWith(".jsonl");
/** @param {string} name */
const isAgentName = (name) => name.startsWith("agent-") && name.endsWith(".jsonl");

/**
 * Sub-agent files of the nested layout: `<folder>/<sessionId>/subagents/agent-*.jsonl` and `agent-*.meta.json`.
 * @param {string} root
 * @param {string} sessionDir
 * @returns {SourceFile[]}
 */
function nestedSubagents(root, sessionDir) {
  const dir = path.join(sessionDir, "subagents");
  return listDir(dir)
    .filter((e) => e.isFile() && e.name.startsWith("agent-") && (e.name.endsWith(".jsonl") || e.name.endsWith(".meta.json")))
    .map((e) => sourceFile(path.join(dir, e.name), relativeName(root, path.join(dir, e.name))))
    .filter((f) => f !== null);
}

/** @param {SourceFile[]} files */
const countTranscripts = (files) => files.filter((f) => f.name.endsWith(".jsonl")).length;

/**
 * Every session of one project folder (`<root>/<folder>`), each with its sub-agent files in both layouts.
 * Sub-agent files whose parent session is missing still travel (the server joins them to it later).
 * @param {string} root  the projects root (`~/.claude/projects`)
 * @param {string} folder
 * @returns {Group[]}
 */
export function projectFolderGroups(root, folder) {
  const dir = path.join(root, folder);
  /** @type {Map<string, { main: SourceFile | null, subagents: SourceFile[] }>} */
  const sessions = new Map();
  /** @param {string} id */
  const session = (id) => {
    let entry = sessions.get(id);
    if (!entry) sessions.set(id, (entry = { main: null, subagents: [] }));
    return entry;
  };
  for (const entry of listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const nested = nestedSubagents(root, full);
      if (nested.length > 0) session(entry.name).subagents.push(...nested);
    } else if (entry.isFile() && isTranscriptName(entry.name)) {
      const file = sourceFile(full, relativeName(root, full));
      if (!file) continue;
      if (isAgentName(entry.name)) session(sessionIdOf(full) ?? `?${entry.name}`).subagents.push(file);
      else session(entry.name.slice(0, -".jsonl".length)).main = file;
    }
  }
  return [...sessions.entries()].map(([id, { main, subagents }]) => ({
    label: main ? main.name : `${folder}/${id} (sub-agents only)`,
    files: main ? [main, ...subagents] : subagents,
    subagents: countTranscripts(subagents),
    session: main !== null,
  }));
}

/**
 * One session's files for a hook push: the transcript, nested sub-agents, and flat `agent-*.jsonl` beside it
 * whose records carry this session id. Names are relative to the projects root (two levels up).
 * @param {string} transcript  absolute path of `<root>/<folder>/<sessionId>.jsonl`
 * @param {string} sessionId
 * @returns {Group}
 */
export function sessionGroup(transcript, sessionId) {
  const dir = path.dirname(transcript);
  const root = path.dirname(dir);
  const main = sourceFile(transcript, relativeName(root, transcript));
  const subagents = nestedSubagents(root, path.join(dir, sessionId));
  for (const entry of listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && isAgentName(entry.name) && sessionIdOf(full) === sessionId) {
      const file = sourceFile(full, relativeName(root, full));
      if (file) subagents.push(file);
    }
  }
  return {
    label: main ? main.name : relativeName(root, transcript),
    files: main ? [main, ...subagents] : subagents,
    subagents: countTranscripts(subagents),
    session: main !== null,
  };
}

/**
 * Project folders of a projects root: sub-folders that hold at least one transcript.
 * @param {string} root
 * @returns {string[]}
 */
export function projectFolders(root) {
  return listDir(root)
    .filter((e) => e.isDirectory() && listDir(path.join(root, e.name)).some((f) => f.isFile() && isTranscriptName(f.name)))
    .map((e) => e.name);
}

/**
 * Transcripts directly inside `dir` (a single project folder).
 * @param {string} dir
 */
export function transcriptsIn(dir) {
  return listDir(dir)
    .filter((e) => e.isFile() && isTranscriptName(e.name) && !e.name.startsWith("_"))
    .map((e) => path.join(dir, e.name));
}
