import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { claudeProjectFolder } from "../lib/guidance/write-targets";
import { AGENTS } from "../lib/walk/agents";
import { projectFolderGroups } from "../lib/walk/claude-code";
import type { FoundFile } from "../lib/walk/files";

/** How much of a Codex or Gemini file is read to find the working copy's path (it is in the first records). */
const HEAD_BYTES = 64 * 1024;
async function headMentions(file: string, needle: string) {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8").includes(needle);
  } finally {
    await handle.close();
  }
}

/**
 * The transcripts an agent wrote during one run, found where each agent keeps its history under `home`: Claude
 * Code's project folder of the working copy (a fresh folder, so everything in it is the run's), and the Codex
 * rollouts and Gemini chats changed since the run started that name the working copy, or (Gemini) sit in the
 * project folder Gemini CLI makes for it (the folder's name, or the SHA-256 of its path in older versions). Names
 * are the ones an import of that history sends, so sub-agents join their session.
 * @param worktree the working copy's real path
 * @param since when the agent started (ms)
 */
export async function runTranscripts(home: string, worktree: string, since: number): Promise<FoundFile[]> {
  const claude = await projectFolderGroups(path.join(home, ".claude", "projects"), claudeProjectFolder(worktree));
  const files: FoundFile[] = claude.flatMap((g) => g.files);
  const quoted = JSON.stringify(worktree).slice(1, -1);
  const geminiFolders = [path.basename(worktree), createHash("sha256").update(worktree).digest("hex")].map(
    (f) => `${f}/`,
  );
  for (const agent of [AGENTS["codex-sessions"], AGENTS["gemini-tmp"]]) {
    const found = await agent.find(path.join(home, agent.home as string));
    for (const file of found?.groups.flatMap((g) => g.files) ?? []) {
      if (file.mtimeMs < since) continue;
      const ours = agent === AGENTS["gemini-tmp"] && geminiFolders.some((f) => file.name.startsWith(f));
      if (ours || (await headMentions(file.path, quoted))) files.push(file);
    }
  }
  return files;
}
