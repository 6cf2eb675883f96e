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
 * registered folder is read), sorted by name; empty when the folder cannot be read. The folder is read as it is
 * walked (opendir), so a large one neither sits in memory twice nor holds the server's thread.
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

async function found(root: string, full: string): Promise<FoundFile | null> {
  try {
    const stat = await fs.promises.lstat(full);
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

const hasAcosFiles = async (dir: string) => (await listDir(dir)).some((e) => e.isFile() && isAcosFile(e.name));

/** The ACOS folder of a source: its path, or `trajectories/`, or `.claude/trajectories/` inside it (the first holding ACOS files). */
export async function acosFolder(dir: string): Promise<string> {
  if (await hasAcosFiles(dir)) return dir;
  for (const candidate of [path.join(dir, "trajectories"), path.join(dir, ".claude", "trajectories")]) {
    if ((await isRealDir(candidate)) && (await hasAcosFiles(candidate))) return candidate;
  }
  return dir;
}

async function isRealDir(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.lstat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The files among `names` (in `dir`) that are still there, in that order. */
async function foundAll(root: string, dir: string, names: readonly string[]): Promise<FoundFile[]> {
  const files: FoundFile[] = [];
  for (const name of names) {
    const file = await found(root, path.join(dir, name));
    if (file) files.push(file);
  }
  return files;
}

/** One group per ACOS file, trajectories first, then patterns.json; names relative to the source's path. */
export async function acosGroups(root: string): Promise<FileGroup[]> {
  const dir = await acosFolder(root);
  const names = (await listDir(dir))
    .filter((e) => e.isFile() && isAcosFile(e.name))
    .sort((a, b) => Number(a.name === "patterns.json") - Number(b.name === "patterns.json") || a.name.localeCompare(b.name))
    .map((e) => e.name);
  return (await foundAll(root, dir, names)).map((f) => ({ label: f.name, files: [f] }));
}

const isTranscriptName = (name: string) => name.endsWith(".jsonl") && !name.startsWith("_");
const isAgentName = (name: string) => name.startsWith("agent-") && name.endsWith(".jsonl");
const isSubagentFile = (name: string) => name.startsWith("agent-") && (name.endsWith(".jsonl") || name.endsWith(".meta.json"));

const SNIFF_BYTES = 64 * 1024;

/** The first `sessionId` among the first records of a flat-layout `agent-*.jsonl` (its parent session). */
export async function sessionIdOf(file: string): Promise<string | null> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, "r");
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    for (const line of buffer.subarray(0, bytesRead).toString("utf8").split("\n")) {
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
    await handle?.close();
  }
}

/**
 * The projects root of a claude-projects source and the project folders to walk: the path itself when its
 * sub-folders hold transcripts (`~/.claude/projects`), its `projects/` (`~/.claude`), or — when the path is
 * one project folder holding transcripts — its parent as the root, walking only that folder.
 */
export async function claudeLayout(dir: string): Promise<{ root: string; folders: string[] }> {
  const holdsTranscripts = async (folder: string) => (await listDir(folder)).some((e) => e.isFile() && isTranscriptName(e.name));
  if (await holdsTranscripts(dir)) return { root: path.dirname(dir), folders: [path.basename(dir)] };
  for (const root of [dir, path.join(dir, "projects")]) {
    if (root !== dir && !(await isRealDir(root))) continue;
    const folders: string[] = [];
    for (const e of await listDir(root)) if (e.isDirectory() && (await holdsTranscripts(path.join(root, e.name)))) folders.push(e.name);
    if (folders.length > 0) return { root, folders };
  }
  return { root: dir, folders: [] };
}

/** Every session of one project folder with its sub-agent files (nested `<id>/subagents/` and flat `agent-*.jsonl`). */
export async function projectFolderGroups(root: string, folder: string): Promise<FileGroup[]> {
  const dir = path.join(root, folder);
  const sessions = new Map<string, { main: FoundFile | null; subagents: FoundFile[] }>();
  const session = (id: string) => {
    let entry = sessions.get(id);
    if (!entry) sessions.set(id, (entry = { main: null, subagents: [] }));
    return entry;
  };
  for (const entry of await listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = path.join(full, "subagents");
      if (!(await isRealDir(sub))) continue;
      const names = (await listDir(sub)).filter((e) => e.isFile() && isSubagentFile(e.name)).map((e) => e.name);
      const nested = await foundAll(root, sub, names);
      if (nested.length > 0) session(entry.name).subagents.push(...nested);
    } else if (entry.isFile() && isTranscriptName(entry.name)) {
      const file = await found(root, full);
      if (!file) continue;
      if (isAgentName(entry.name)) session((await sessionIdOf(full)) ?? `?${entry.name}`).subagents.push(file);
      else session(entry.name.slice(0, -".jsonl".length)).main = file;
    }
  }
  return [...sessions.entries()].map(([id, { main, subagents }]) => ({
    label: main ? main.name : `${folder}/${id}`,
    files: main ? [main, ...subagents] : subagents,
  }));
}

/** Every session group of a claude-projects source. `root` is what names are relative to. */
export async function claudeGroups(dir: string): Promise<{ root: string; groups: FileGroup[] }> {
  const { root, folders } = await claudeLayout(dir);
  const groups: FileGroup[] = [];
  for (const folder of folders) groups.push(...(await projectFolderGroups(root, folder)));
  return { root, groups };
}

/** The kind of a folder when the caller names none: ACOS when it (or its trajectories folder) holds ACOS files. */
export async function detectKind(dir: string): Promise<"acos" | "claude-projects"> {
  return (await hasAcosFiles(await acosFolder(dir))) ? "acos" : "claude-projects";
}
