import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../client";
import { statement } from "../engine/statement";
import type { AgentNoteFile } from "@/lib/knowledge/agent-notes";

/** The memory files agents wrote for themselves (docs/agent-memory.md), one version per project, uploader and path. */

const storedHash = statement<{ hash: string }>(
  `SELECT content_hash AS hash FROM agent_note_files WHERE project_id = ? AND uploader_key = ? AND agent = ? AND path = ?`,
);
const upsert = statement(
  `INSERT INTO agent_note_files (project_id, uploader, uploader_key, agent, path, content, content_hash, stored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (project_id, uploader_key, agent, path) DO UPDATE SET
     uploader = excluded.uploader, content = excluded.content, content_hash = excluded.content_hash, stored_at = excluded.stored_at`,
);
const files = statement<{
  agent: AgentNoteFile["agent"];
  path: string;
  uploader: string;
  storedAt: number;
  content: string;
}>(
  `SELECT agent, path, uploader, stored_at AS "storedAt", content FROM agent_note_files WHERE project_id = ? ORDER BY stored_at, id`,
);
/** Parameters: the length of the folder's prefix (`<folder>/`), the prefix. The project most of the folder's transcripts went to. */
const folderProject = statement<{ slug: string }>(
  `SELECT p.slug FROM transcript_files f JOIN projects p ON p.id = f.project_id
   WHERE substr(f.name, 1, ?) = ? GROUP BY p.slug ORDER BY count(*) DESC, p.slug LIMIT 1`,
);

export interface AgentNoteUpload {
  projectId: number;
  uploader: string;
  /** What keeps one machine's copy apart from another's: `token:<id>`, `user:<id>`, or `local` (no sign-in). */
  uploaderKey: string;
  agent: AgentNoteFile["agent"];
  path: string;
  content: string;
}

/** Stores a memory file: "same" when this uploader's copy of it is identical, else it replaces that copy. */
export async function saveAgentNoteFile(
  db: Db,
  file: AgentNoteUpload,
  now: number = Date.now(),
): Promise<"same" | "stored"> {
  const hash = createHash("sha256").update(file.content).digest("hex");
  const existing = await storedHash.get(db, file.projectId, file.uploaderKey, file.agent, file.path);
  if (existing?.hash === hash) return "same";
  await upsert.run(db, file.projectId, file.uploader, file.uploaderKey, file.agent, file.path, file.content, hash, now);
  return "stored";
}

/** Every memory file stored for the project, oldest version first. */
export async function agentNoteFiles(db: Db, projectId: number): Promise<AgentNoteFile[]> {
  return (await files.all(db, projectId)).map((row) => ({ ...row, storedAt: Number(row.storedAt) }));
}

/** The project the transcripts of a Claude Code project folder were stored in, if any. */
export async function projectOfFolder(db: Db, folder: string): Promise<string | undefined> {
  const prefix = `${folder}/`;
  return (await folderProject.get(db, [...prefix].length, prefix))?.slug;
}
