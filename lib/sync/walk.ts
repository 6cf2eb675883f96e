import fs from "node:fs";
import path from "node:path";

/** One file found under a source's root: `name` is relative to the root, with "/" (as the ingest API expects). */
export interface FoundFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
}

/** Files that travel to ingestFiles together: a Claude Code session with its sub-agents, or one ACOS file. */
export interface FileGroup {
  label: string;
  files: FoundFile[];
}

/**
 * Entries of `dir` that are neither dotfiles nor symbolic links (never followed, so nothing outside the
 * registered folder is read), sorted by name; empty when the folder cannot be read.
 */
export function listDir(dir: string): fs.Dirent[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.name.startsWith(".") && !e.isSymbolicLink())
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

function found(root: string, full: string): FoundFile | null {
  try {
    const stat = fs.lstatSync(full);
    if (!stat.isFile()) return null;
    return { path: full, name: path.relative(root, full).split(path.sep).join("/"), size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
  } catch {
    return null;
  }
}

/** Finished ACOS trajectories and patterns.json; never `_active.json` nor `_operations.jsonl` (formats.md §1). */
export function isAcosFile(name: string): boolean {
  if (name.startsWith("_") || name.startsWith(".")) return false;
  return /_traj_.+\.jsonl?$/.test(name) || name === "patterns.json";
}

const hasAcosFiles = (dir: string) => listDir(dir).some((e) => e.isFile() && isAcosFile(e.name));

/** The ACOS folder of a source: its path, or `trajectories/`, or `.claude/trajectories/` inside it (the first holding ACOS files). */
export function acosFolder(dir: string): string {
  if (hasAcosFiles(dir)) return dir;
  for (const candidate of [path.join(dir, "trajectories"), path.join(dir, ".claude", "trajectories")]) {
    if (isRealDir(candidate) && hasAcosFiles(candidate)) return candidate;
  }
  return dir;
}

function isRealDir(dir: string): boolean {
  try {
    return fs.lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** One group per ACOS file, trajectories first, then patterns.json; names relative to the source's path. */
export function acosGroups(root: string): FileGroup[] {
  const dir = acosFolder(root);
  return listDir(dir)
    .filter((e) => e.isFile() && isAcosFile(e.name))
    .sort((a, b) => Number(a.name === "patterns.json") - Number(b.name === "patterns.json") || a.name.localeCompare(b.name))
    .map((e) => found(root, path.join(dir, e.name)))
    .filter((f): f is FoundFile => f !== null)
    .map((f) => ({ label: f.name, files: [f] }));
}

const isTranscriptName = (name: string) => name.endsWith(".jsonl") && !name.startsWith("_");
const isAgentName = (name: string) => name.startsWith("agent-") && name.endsWith(".jsonl");
const isSubagentFile = (name: string) => name.startsWith("agent-") && (name.endsWith(".jsonl") || name.endsWith(".meta.json"));

const SNIFF_BYTES = 64 * 1024;

/** The first `sessionId` among the first records of a flat-layout `agent-*.jsonl` (its parent session). */
export function sessionIdOf(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const read = fs.readSync(fd, buffer, 0, SNIFF_BYTES, 0);
    for (const line of buffer.subarray(0, read).toString("utf8").split("\n")) {
      try {
        const record: unknown = JSON.parse(line);
        if (record && typeof record === "object" && "sessionId" in record && typeof record.sessionId === "string" && record.sessionId) {
          return record.sessionId;
        }
      } catch {
        // a partial or non-JSON line
      }
    }
    return null;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The projects root of a claude-projects source and the project folders to walk: the path itself when its
 * sub-folders hold transcripts (`~/.claude/projects`), its `projects/` (`~/.claude`), or — when the path is
 * one project folder holding transcripts — its parent as the root, walking only that folder.
 */
export function claudeLayout(dir: string): { root: string; folders: string[] } {
  const own = listDir(dir).some((e) => e.isFile() && isTranscriptName(e.name));
  if (own) return { root: path.dirname(dir), folders: [path.basename(dir)] };
  for (const root of [dir, path.join(dir, "projects")]) {
    if (root !== dir && !isRealDir(root)) continue;
    const folders = listDir(root)
      .filter((e) => e.isDirectory() && listDir(path.join(root, e.name)).some((f) => f.isFile() && isTranscriptName(f.name)))
      .map((e) => e.name);
    if (folders.length > 0) return { root, folders };
  }
  return { root: dir, folders: [] };
}

/** Every session of one project folder with its sub-agent files (nested `<id>/subagents/` and flat `agent-*.jsonl`). */
export function projectFolderGroups(root: string, folder: string): FileGroup[] {
  const dir = path.join(root, folder);
  const sessions = new Map<string, { main: FoundFile | null; subagents: FoundFile[] }>();
  const session = (id: string) => {
    let entry = sessions.get(id);
    if (!entry) sessions.set(id, (entry = { main: null, subagents: [] }));
    return entry;
  };
  for (const entry of listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = path.join(full, "subagents");
      if (!isRealDir(sub)) continue;
      const nested = listDir(sub)
        .filter((e) => e.isFile() && isSubagentFile(e.name))
        .map((e) => found(root, path.join(sub, e.name)))
        .filter((f): f is FoundFile => f !== null);
      if (nested.length > 0) session(entry.name).subagents.push(...nested);
    } else if (entry.isFile() && isTranscriptName(entry.name)) {
      const file = found(root, full);
      if (!file) continue;
      if (isAgentName(entry.name)) session(sessionIdOf(full) ?? `?${entry.name}`).subagents.push(file);
      else session(entry.name.slice(0, -".jsonl".length)).main = file;
    }
  }
  return [...sessions.entries()].map(([id, { main, subagents }]) => ({
    label: main ? main.name : `${folder}/${id}`,
    files: main ? [main, ...subagents] : subagents,
  }));
}

/** Every session group of a claude-projects source. `root` is what names are relative to. */
export function claudeGroups(dir: string): { root: string; groups: FileGroup[] } {
  const { root, folders } = claudeLayout(dir);
  return { root, groups: folders.flatMap((folder) => projectFolderGroups(root, folder)) };
}

/** The kind of a folder when the caller names none: ACOS when it (or its trajectories folder) holds ACOS files. */
export function detectKind(dir: string): "acos" | "claude-projects" {
  return hasAcosFiles(acosFolder(dir)) ? "acos" : "claude-projects";
}
