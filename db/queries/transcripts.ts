import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../client";
import { statement } from "../engine/statement";

export interface TranscriptPart {
  part: string;
  name: string;
  /** The stored text as UTF-8 bytes (`parseFile` reads them line by line); null when the caller already holds this part. */
  content: Uint8Array | null;
}

export type PartChange = "new" | "changed" | "same";

/** Of the text, or of its UTF-8 bytes: the same for the same text. */
export const contentHash = (content: string | Uint8Array) => createHash("sha256").update(content).digest("hex");

/**
 * Hot during ingest (each transcript file runs several of these), so they are module-level statements, which the
 * executor keeps prepared. Lookups by session id alone go through the projects (few) and the
 * `(project_id, session_id, part)` index, not through a scan of every stored transcript.
 */
const findSessionProject = statement<{ id: number; slug: string }>(
  `SELECT p.id, p.slug FROM projects p
   WHERE EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = p.id AND f.session_id = ? AND f.part = '')
   ORDER BY p.id LIMIT 1`,
);
const partHash = statement<{ hash: string }>(`SELECT content_hash AS hash FROM transcript_files WHERE project_id = ? AND session_id = ? AND part = ?`);
const savePart = statement(
  `INSERT INTO transcript_files (project_id, session_id, part, name, content_hash, content, line_count, received_at)
   VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?)
   ON CONFLICT (project_id, session_id, part) DO UPDATE SET name = excluded.name, content_hash = excluded.content_hash,
     content = excluded.content, line_count = excluded.line_count, received_at = excluded.received_at`,
);
/** Parameters: the project, the project again, the session, the session again. */
const adoptPartsOf = statement(
  `UPDATE OR REPLACE transcript_files SET project_id = ?
   WHERE project_id IN (SELECT id FROM projects WHERE id != ?) AND session_id = ? AND part != ''
     AND NOT EXISTS (SELECT 1 FROM transcript_files main
       WHERE main.project_id = transcript_files.project_id AND main.session_id = ? AND main.part = '')`,
);
const parts = statement<{ id: number; part: string; name: string }>(`SELECT id, part, name FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part`);
const findPartSession = statement<{ session_id: string }>(`SELECT session_id FROM transcript_files WHERE project_id = ? AND part = ? AND part != '' LIMIT 1`);
const movePartsTo = statement(`UPDATE OR REPLACE transcript_files SET session_id = ? WHERE project_id = ? AND session_id = ? AND part != ''`);
const partContent = statement<{ content: Buffer }>(`SELECT CAST(content AS BLOB) AS content FROM transcript_files WHERE id = ?`);
const otherFormat = statement<{ format: string }>(
  `SELECT format FROM trajectories WHERE project_id = ? AND external_id = ? AND format NOT IN ('claude-code', 'codex')`,
);

/** The project that already holds a session's main transcript, if any. */
export async function sessionProject(db: Db, sessionId: string): Promise<{ id: number; slug: string } | undefined> {
  return findSessionProject.get(db, sessionId);
}

/**
 * Stores one transcript part unless the identical content is already there. Content given as UTF-8 bytes is stored
 * as the text they hold, without being decoded here.
 */
export async function saveTranscriptPart(
  db: Db,
  part: { projectId: number; sessionId: string; part: string; name: string; content: string | Uint8Array; lineCount: number },
): Promise<PartChange> {
  const hash = contentHash(part.content);
  const existing = await partHash.get(db, part.projectId, part.sessionId, part.part);
  if (existing?.hash === hash) return "same";
  const content = typeof part.content === "string" ? part.content : Buffer.from(part.content.buffer, part.content.byteOffset, part.content.byteLength);
  await savePart.run(db, part.projectId, part.sessionId, part.part, part.name, hash, content, part.lineCount, Date.now());
  return existing ? "changed" : "new";
}

/**
 * Sub-agent parts of a session that arrived before its main transcript and were filed under another project
 * (one that holds no main transcript of this session) move to the project of the main transcript.
 */
export async function adoptParts(db: Db, sessionId: string, projectId: number): Promise<void> {
  await adoptPartsOf.run(db, projectId, projectId, sessionId, sessionId);
}

/** The session a part (a sub-agent's thread id) is filed under in the project, if any. */
export async function partSession(db: Db, projectId: number, part: string): Promise<string | undefined> {
  return (await findPartSession.get(db, projectId, part))?.session_id;
}

/** Files the parts stored under session `from` (the threads a sub-agent thread spawned) under session `to`. */
export async function moveParts(db: Db, projectId: number, from: string, to: string): Promise<void> {
  await movePartsTo.run(db, to, projectId, from);
}

/** A session's stored parts, with the content only of those not in `skip` (already held by the caller). */
export async function sessionParts(db: Db, projectId: number, sessionId: string, skip: ReadonlySet<string> = new Set()): Promise<TranscriptPart[]> {
  const stored: TranscriptPart[] = [];
  for (const row of await parts.all(db, projectId, sessionId)) {
    const content = skip.has(row.part) ? null : (await partContent.get(db, row.id))!.content;
    stored.push({ part: row.part, name: row.name, content });
  }
  return stored;
}

/**
 * The format of a trajectory of another source (an ACOS record) stored in the project under `externalId`, if
 * any: a Claude Code or Codex session with that id would collide with it (one external id per project).
 */
export async function otherFormatWithId(db: Db, projectId: number, externalId: string): Promise<string | undefined> {
  return (await otherFormat.get(db, projectId, externalId))?.format;
}
