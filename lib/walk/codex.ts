import path from "node:path";
import { isRolloutPath } from "../ingest/codex/files";
import { detectRecord } from "../ingest/detect";
import type { AgentEntry, Found } from "./agent";
import { firstRecords, foundFile, isRealDir, listDir, type FileGroup } from "./files";

/*
 * Codex CLI keeps `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl` (and `archived_sessions/`), one
 * rollout per thread; a sub-agent's thread is its own rollout that names its parent inside, so each rollout
 * travels alone and the server joins a sub-agent to its parent whichever arrives first (lib/ingest/codex).
 */

/** Folders below the sessions folder: year, month, day. */
const MAX_DEPTH = 3;

/** Every rollout below `dir` (at most MAX_DEPTH folders down), by the walking policy, in name order. */
async function rollouts(root: string, dir: string, depth = 0): Promise<FileGroup[]> {
  const groups: FileGroup[] = [];
  for (const entry of await listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH) groups.push(...(await rollouts(root, full, depth + 1)));
    else if (entry.isFile() && isRolloutPath(entry.name)) {
      const file = await foundFile(root, full);
      if (file) groups.push({ label: file.name, files: [file], subagents: 0, session: true });
    }
  }
  return groups;
}

/** The folder whose rollouts to send: `~/.codex` enters `sessions/` and `archived_sessions/` by name; else `dir`. */
async function rolloutFolders(dir: string): Promise<string[]> {
  const named = [path.join(dir, "sessions"), path.join(dir, "archived_sessions")];
  const inside: string[] = [];
  for (const folder of named) if (await isRealDir(folder)) inside.push(folder);
  return inside.length > 0 ? inside : [dir];
}

export const codex: AgentEntry = {
  kind: "codex-sessions",
  name: "Codex CLI",
  expects: "Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl)",
  home: ".codex",
  async find(dir: string): Promise<Found | null> {
    const groups: FileGroup[] = [];
    for (const folder of await rolloutFolders(dir)) groups.push(...(await rollouts(dir, folder)));
    const first = groups[0]?.files[0];
    if (!first || !(await firstRecords(first.path)).some((r) => detectRecord(r) === "codex")) return null;
    return { kind: "codex-sessions", dir, root: dir, folders: [], groups };
  },
  /** The rollout alone, named from the folder above its `sessions/` (or `archived_sessions/`), as an import of `~/.codex` names it. */
  async hookSession(transcript: string): Promise<FileGroup | null> {
    if (
      !isRolloutPath(path.basename(transcript)) ||
      !(await firstRecords(transcript)).some((r) => detectRecord(r) === "codex")
    )
      return null;
    const parts = path.resolve(transcript).split(path.sep);
    const at = parts.findLastIndex((p) => p === "sessions" || p === "archived_sessions");
    const file = await foundFile(
      at > 0 ? parts.slice(0, at).join(path.sep) : path.dirname(transcript),
      transcript,
      true,
    );
    return file ? { label: file.name, files: [file], subagents: 0, session: true } : null;
  },
};
