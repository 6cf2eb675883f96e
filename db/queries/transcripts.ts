import "server-only";
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import type { Db } from "../client";
import { preparedFor } from "../prepared";

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
 * Hot during ingest (each transcript file runs several of these), so they are prepared once per connection.
 * Lookups by session id alone go through the projects (few) and the `(project_id, session_id, part)` index,
 * not through a scan of every stored transcript.
 */
function statements(sqlite: Database.Database) {
  return {
    sessionProject: sqlite.prepare(
      `SELECT p.id, p.slug FROM projects p
       WHERE EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = p.id AND f.session_id = ? AND f.part = '')
       ORDER BY p.id LIMIT 1`,
    ),
    partHash: sqlite.prepare(`SELECT content_hash AS hash FROM transcript_files WHERE project_id = ? AND session_id = ? AND part = ?`),
    savePart: sqlite.prepare(
      `INSERT INTO transcript_files (project_id, session_id, part, name, content_hash, content, line_count, received_at)
       VALUES (@projectId, @sessionId, @part, @name, @hash, CAST(@content AS TEXT), @lineCount, @receivedAt)
       ON CONFLICT (project_id, session_id, part) DO UPDATE SET name = excluded.name, content_hash = excluded.content_hash,
         content = excluded.content, line_count = excluded.line_count, received_at = excluded.received_at`,
    ),
    adoptParts: sqlite.prepare(
      `UPDATE OR REPLACE transcript_files SET project_id = @projectId
       WHERE project_id IN (SELECT id FROM projects WHERE id != @projectId) AND session_id = @sessionId AND part != ''
         AND NOT EXISTS (SELECT 1 FROM transcript_files main
           WHERE main.project_id = transcript_files.project_id AND main.session_id = @sessionId AND main.part = '')`,
    ),
    parts: sqlite.prepare(`SELECT id, part, name FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part`),
    partSession: sqlite.prepare(`SELECT session_id FROM transcript_files WHERE project_id = ? AND part = ? AND part != '' LIMIT 1`).pluck(),
    moveParts: sqlite.prepare(`UPDATE OR REPLACE transcript_files SET session_id = @to WHERE project_id = @projectId AND session_id = @from AND part != ''`),
    content: sqlite.prepare(`SELECT CAST(content AS BLOB) FROM transcript_files WHERE id = ?`).pluck(),
    otherFormat: sqlite
      .prepare(`SELECT format FROM trajectories WHERE project_id = ? AND external_id = ? AND format NOT IN ('claude-code', 'codex')`)
      .pluck(),
  };
}

const prepared = preparedFor(statements);

/** The project that already holds a session's main transcript, if any. */
export function sessionProject(db: Db, sessionId: string): { id: number; slug: string } | undefined {
  return prepared(db).sessionProject.get(sessionId) as { id: number; slug: string } | undefined;
}

/**
 * Stores one transcript part unless the identical content is already there. Content given as UTF-8 bytes is stored
 * as the text they hold, without being decoded here.
 */
export function saveTranscriptPart(
  db: Db,
  part: { projectId: number; sessionId: string; part: string; name: string; content: string | Uint8Array; lineCount: number },
): PartChange {
  const s = prepared(db);
  const hash = contentHash(part.content);
  const existing = s.partHash.get(part.projectId, part.sessionId, part.part) as { hash: string } | undefined;
  if (existing?.hash === hash) return "same";
  const content = typeof part.content === "string" ? part.content : Buffer.from(part.content.buffer, part.content.byteOffset, part.content.byteLength);
  s.savePart.run({ ...part, content, hash, receivedAt: Date.now() });
  return existing ? "changed" : "new";
}

/**
 * Sub-agent parts of a session that arrived before its main transcript and were filed under another project
 * (one that holds no main transcript of this session) move to the project of the main transcript.
 */
export function adoptParts(db: Db, sessionId: string, projectId: number): void {
  prepared(db).adoptParts.run({ sessionId, projectId });
}

/** The session a part (a sub-agent's thread id) is filed under in the project, if any. */
export function partSession(db: Db, projectId: number, part: string): string | undefined {
  return prepared(db).partSession.get(projectId, part) as string | undefined;
}

/** Files the parts stored under session `from` (the threads a sub-agent thread spawned) under session `to`. */
export function moveParts(db: Db, projectId: number, from: string, to: string): void {
  prepared(db).moveParts.run({ projectId, from, to });
}

/** A session's stored parts, with the content only of those not in `skip` (already held by the caller). */
export function sessionParts(db: Db, projectId: number, sessionId: string, skip: ReadonlySet<string> = new Set()): TranscriptPart[] {
  const s = prepared(db);
  const rows = s.parts.all(projectId, sessionId) as { id: number; part: string; name: string }[];
  return rows.map((row) => ({ part: row.part, name: row.name, content: skip.has(row.part) ? null : (s.content.get(row.id) as Buffer) }));
}

/**
 * The format of a trajectory of another source (an ACOS record) stored in the project under `externalId`, if
 * any: a Claude Code or Codex session with that id would collide with it (one external id per project).
 */
export function otherFormatWithId(db: Db, projectId: number, externalId: string): string | undefined {
  return prepared(db).otherFormat.get(projectId, externalId) as string | undefined;
}
