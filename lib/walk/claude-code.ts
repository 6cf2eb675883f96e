import path from "node:path";
import { baseSessionId, readTranscriptName } from "../ingest/claude-code/file-name";
import { detectRecord } from "../ingest/detect";
import type { AgentEntry, Found } from "./agent";
import {
  firstRecords,
  foundAll,
  foundFile,
  isRealDir,
  listDir,
  relativeName,
  type FileGroup,
  type FoundFile,
} from "./files";

/*
 * Claude Code keeps `~/.claude/projects/<folder>/<sessionId>.jsonl`, with sub-agents either flat beside it
 * (`<folder>/agent-<id>.jsonl`, before 2.1, their session named on their lines) or nested
 * (`<folder>/<sessionId>/subagents/agent-<id>.jsonl` and `.meta.json`), workflow runs' sub-agents one folder
 * further (`subagents/workflows/<runId>/agent-<id>.jsonl`, beside the run's `journal.jsonl`, which is not sent: it
 * repeats what their transcripts hold) with each run's definition in `<sessionId>/workflows/<runId>.json`, and
 * sub-agents of sub-agents in folders below (up to SUBAGENT_FOLDERS deep). Never sessions: `_*.jsonl` (ACOS's
 * operation streams), `<session>.jsonl.orphaned-*` / `.superseded-*` copies Claude Code leaves behind, and
 * everything else inside `<sessionId>/` (`tool-results/`, where it keeps big tool outputs the transcript points to).
 * The agent's own memory of the folder (`<folder>/memory/*.md`: MEMORY.md and its topic files) travels too, as one
 * group after the sessions (docs/agent-memory.md).
 */

/** Folders walked below `subagents/`: a workflow run's two (`workflows/<runId>`) and five levels of nesting, with room. */
const SUBAGENT_FOLDERS = 8;

/** A copy Claude Code set aside (`<session>.jsonl.orphaned-<n>`, `.superseded-<n>`, whatever the copy ends with). */
const isSessionCopy = (name: string) => /\.jsonl\.(?:orphaned|superseded)-/.test(name);

/** A transcript's file name: a session or a flat sub-agent. */
const isTranscriptName = (name: string) =>
  name.endsWith(".jsonl") && !name.startsWith("_") && !name.startsWith(".") && !isSessionCopy(name);

/** A flat sub-agent transcript (`agent-<id>.jsonl`), by the rule ingest reads names with. */
const isAgentName = (name: string) => readTranscriptName(name).kind === "agent";
/** A nested sub-agent's transcript or its `agent-<id>.meta.json`. */
const isSubagentFile = (name: string) => {
  const kind = readTranscriptName(name).kind;
  return kind === "agent" || kind === "agent-meta";
};
/** A workflow run's definition in `<sessionId>/workflows/` (`<runId>.json`). */
const isWorkflowFile = (name: string) => /^[\w-]+\.json$/.test(name);

/** True when the file's first records look like a Claude Code transcript (as ingest detects one); an empty file counts. */
async function looksLikeTranscript(file: string): Promise<boolean> {
  const records = await firstRecords(file);
  return records.length === 0 || records.some((r) => detectRecord(r) === "claude-code");
}

/** The parent session of a flat-layout sub-agent file: the first `sessionId` among its first records (`<id>#agent-…` read as `<id>`). */
async function sessionIdOf(file: string): Promise<string | null> {
  for (const record of await firstRecords(file)) {
    if (
      record &&
      typeof record === "object" &&
      "sessionId" in record &&
      typeof record.sessionId === "string" &&
      record.sessionId
    )
      return baseSessionId(record.sessionId);
  }
  return null;
}

/** Sub-agent transcripts and meta files in `dir` and the folders below it, `depth` more folders down at most. */
async function subagentFiles(root: string, dir: string, depth: number): Promise<FoundFile[]> {
  const entries = await listDir(dir);
  const files = await foundAll(
    root,
    dir,
    entries.filter((e) => e.isFile() && isSubagentFile(e.name)).map((e) => e.name),
  );
  if (depth > 0)
    for (const e of entries)
      if (e.isDirectory()) files.push(...(await subagentFiles(root, path.join(dir, e.name), depth - 1)));
  return files;
}

/**
 * A session's files in its own folder: the sub-agents under `<sessionDir>/subagents/` at any depth (the workflow
 * runs' among them) with their meta files, then the workflow runs' definitions (`<sessionDir>/workflows/*.json`).
 */
async function nestedSubagents(root: string, sessionDir: string): Promise<FoundFile[]> {
  const dir = path.join(sessionDir, "subagents");
  const files = (await isRealDir(dir)) ? await subagentFiles(root, dir, SUBAGENT_FOLDERS) : [];
  const workflows = path.join(sessionDir, "workflows");
  if (files.length === 0 || !(await isRealDir(workflows))) return files;
  return [
    ...files,
    ...(await foundAll(
      root,
      workflows,
      (await listDir(workflows)).filter((e) => e.isFile() && isWorkflowFile(e.name)).map((e) => e.name),
    )),
  ];
}

/** The agent's memory files of a project folder (`<root>/<folder>/memory/*.md`), named `<folder>/memory/<file>.md`. */
async function memoryFiles(root: string, folder: string): Promise<FoundFile[]> {
  const dir = path.join(root, folder, "memory");
  if (!(await isRealDir(dir))) return [];
  const names = (await listDir(dir)).filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => e.name);
  return foundAll(root, dir, names);
}

const memoryGroup = (folder: string, files: FoundFile[]): FileGroup[] =>
  files.length === 0 ? [] : [{ label: `${folder}/memory`, files, subagents: 0, session: false }];

const countTranscripts = (files: readonly FoundFile[]) => files.filter((f) => f.name.endsWith(".jsonl")).length;

function group(label: string, main: FoundFile | null, subagents: FoundFile[]): FileGroup {
  return {
    label: main ? main.name : label,
    files: main ? [main, ...subagents] : subagents,
    subagents: countTranscripts(subagents),
    session: main !== null,
  };
}

/**
 * Every session of one project folder (`<root>/<folder>`), each with its sub-agent files in both layouts.
 * Sub-agent files whose parent session is missing still travel (the server joins them to it later).
 */
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
      const nested = await nestedSubagents(root, full);
      if (nested.length > 0) session(entry.name).subagents.push(...nested);
    } else if (entry.isFile() && isTranscriptName(entry.name)) {
      const file = await foundFile(root, full);
      if (!file) continue;
      if (isAgentName(entry.name)) session((await sessionIdOf(full)) ?? `?${entry.name}`).subagents.push(file);
      else session(entry.name.slice(0, -".jsonl".length)).main = file;
    }
  }
  const groups = [...sessions.entries()].map(([id, { main, subagents }]) =>
    group(`${folder}/${id} (sub-agents only)`, main, subagents),
  );
  return [...groups, ...memoryGroup(folder, await memoryFiles(root, folder))];
}

/**
 * One session's files for a hook push: the transcript (the path the hook named, followed if it is a link),
 * its nested sub-agents, the flat `agent-*.jsonl` beside it whose records carry this session id, and the folder's
 * memory files (the agent may have written them in this session). Names are relative to the projects root (two levels up).
 */
export async function sessionGroup(transcript: string, sessionId: string): Promise<FileGroup> {
  const dir = path.dirname(transcript);
  const root = path.dirname(dir);
  const main = await foundFile(root, transcript, true);
  const subagents = await nestedSubagents(root, path.join(dir, sessionId));
  for (const entry of await listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && isAgentName(entry.name) && (await sessionIdOf(full)) === sessionId) {
      const file = await foundFile(root, full);
      if (file) subagents.push(file);
    }
  }
  const found = group(relativeName(root, transcript), main, subagents);
  return { ...found, files: [...found.files, ...(await memoryFiles(root, path.basename(dir)))] };
}

const transcriptsIn = async (dir: string) =>
  (await listDir(dir)).filter((e) => e.isFile() && isTranscriptName(e.name)).map((e) => path.join(dir, e.name));

/**
 * The projects root in `dir` and the project folders to walk: `dir` itself when it is one project folder
 * (its parent is then the root), else `dir` or its `projects/` (`~/.claude`) when their sub-folders hold
 * transcripts. Null when none of them holds a file that looks like a Claude Code transcript.
 */
async function findClaudeTree(dir: string): Promise<{ root: string; folders: string[] } | null> {
  const own = await transcriptsIn(dir);
  if (own.length > 0) {
    for (const file of own)
      if (await looksLikeTranscript(file)) return { root: path.dirname(dir), folders: [path.basename(dir)] };
    return null;
  }
  for (const root of [dir, path.join(dir, "projects")]) {
    if (root !== dir && !(await isRealDir(root))) continue;
    const folders: string[] = [];
    const sample: string[] = [];
    for (const e of await listDir(root)) {
      if (!e.isDirectory()) continue;
      const files = await transcriptsIn(path.join(root, e.name));
      if (files.length === 0) continue;
      folders.push(e.name);
      sample.push(...files.slice(0, 2));
    }
    for (const file of sample.slice(0, 10)) if (await looksLikeTranscript(file)) return { root, folders };
  }
  return null;
}

export const claudeCode: AgentEntry = {
  kind: "claude-projects",
  name: "Claude Code",
  expects: "Claude Code transcripts (~/.claude/projects/<folder>/<session>.jsonl)",
  home: ".claude/projects",
  async find(dir: string): Promise<Found | null> {
    const tree = await findClaudeTree(dir);
    if (!tree) return null;
    const groups: FileGroup[] = [];
    for (const folder of tree.folders) groups.push(...(await projectFolderGroups(tree.root, folder)));
    return { kind: "claude-projects", dir, root: tree.root, folders: tree.folders, groups };
  },
  async hookSession(transcript: string, sessionId: string): Promise<FileGroup | null> {
    return (await looksLikeTranscript(transcript)) ? sessionGroup(transcript, sessionId) : null;
  },
};
