import fs from "node:fs";
import path from "node:path";
import { acos } from "./acos";
import { antigravity } from "./antigravity";
import type { AgentEntry, Found } from "./agent";
import type { FileGroup } from "./files";
import { claudeCode } from "./claude-code";
import { codex } from "./codex";
import { gemini } from "./gemini";
import type { SourceKind } from "./kinds";
import { opencode } from "./opencode";

/**
 * Every agent Starlight walks, by kind, in the order folders are recognised: ACOS first, since its
 * `<project>/.claude/trajectories/` sits in a folder that may hold other agents' files. A new agent is one
 * parser (lib/ingest) and one line here.
 */
export const AGENTS: Record<SourceKind, AgentEntry> = {
  acos,
  "claude-projects": claudeCode,
  "codex-sessions": codex,
  "gemini-tmp": gemini,
  "opencode-storage": opencode,
  "antigravity-brain": antigravity,
};

/** The first agent whose sessions `dir` holds (by layout and content), with its files; null when none. */
export async function findSessions(dir: string): Promise<Found | null> {
  for (const agent of Object.values(AGENTS)) {
    const found = await agent.find(dir);
    if (found) return found;
  }
  return null;
}

/** The files of the session a hook names, from the first agent whose transcript it is; null when it is none's. */
export async function hookSession(transcript: string, sessionId: string): Promise<FileGroup | null> {
  for (const agent of Object.values(AGENTS)) {
    const group = await agent.hookSession(transcript, sessionId);
    if (group) return group;
  }
  return null;
}

/** What `findSessions` looks for, for a "found no sessions" message. */
export const EXPECTED = Object.values(AGENTS)
  .map((a) => a.expects)
  .join(" or ");

/**
 * The agents' default history folders under `home` that exist, in registry order (for `starlight import` with no
 * folder); `env` gives XDG_DATA_HOME, which moves OpenCode's. Each is a folder the user names by running the command, so it may be a link (policy: docs/walking.md).
 */
export async function homeFolders(
  home: string,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<{ name: string; dir: string }[]> {
  const folders: { name: string; dir: string }[] = [];
  // The XDG base directory specification: a relative XDG_DATA_HOME is ignored.
  const dataHome = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : null;
  for (const agent of Object.values(AGENTS)) {
    if (agent.home === null) continue;
    const dir =
      dataHome !== null && agent.xdgData !== undefined
        ? path.join(dataHome, agent.xdgData)
        : path.join(home, agent.home);
    if ((await fs.promises.stat(dir).catch(() => null))?.isDirectory()) folders.push({ name: agent.name, dir });
  }
  return folders;
}
