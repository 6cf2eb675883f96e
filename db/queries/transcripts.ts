import "server-only";
import { createHash } from "node:crypto";
import { yieldToEventLoop } from "@/lib/cooperate";
import { isPostgres, type Db } from "../client";
import { statement } from "../engine/statement";
import { storedContent, transcriptBytes, type StoredContent } from "../transcript-content";
import type { StoredPart } from "@/lib/ingest/waiting-parts";

export interface TranscriptPart {
  part: string;
  name: string;
  /** The stored text as UTF-8 bytes (`parseFile` reads them line by line); null when the caller already holds this part. */
  content: Uint8Array | null;
}

export type PartChange = "new" | "changed" | "same";

/** Text or bytes hashed between two turns of the event loop: a few milliseconds' worth. */
const HASH_STEP = 4 * 1024 * 1024;

/** Where to end a piece of text of about HASH_STEP from `at`: never between the two halves of a surrogate pair. */
function pieceEnd(content: string | Uint8Array, at: number): number {
  const end = Math.min(at + HASH_STEP, content.length);
  if (typeof content !== "string" || end === content.length) return end;
  const last = content.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * Of the text, or of its UTF-8 bytes: the same for the same text. Hashed in pieces with turns of the event loop
 * between them, so a large transcript does not hold the server's thread (100 MB take about 150 ms).
 */
async function contentHash(content: string | Uint8Array): Promise<string> {
  const hash = createHash("sha256");
  for (let at = 0; at < content.length; ) {
    if (at > 0) await yieldToEventLoop();
    const end = pieceEnd(content, at);
    hash.update(typeof content === "string" ? content.slice(at, end) : content.subarray(at, end));
    at = end;
  }
  return hash.digest("hex");
}

/**
 * Hot during ingest (each transcript file runs several of these), so they are module-level statements, which the
 * executor keeps prepared. Lookups by session id alone go through the projects (few) and the
 * `(project_id, session_id, part)` index, not through a scan of every stored transcript.
 *
 * Content is UTF-8 text, stored compressed (db/transcript-content.ts). PostgreSQL stores text only: the bytes are
 * decoded in JavaScript. The parser accepts only UTF-8 free of NUL as a transcript, so either way what is given back
 * is the bytes received; text that PostgreSQL cannot hold (a NUL, a lone surrogate, in content or in the names and
 * ids looked up) is mapped as db/engine/storable-text.ts says. Callers hold the session's key (`lockSessions`).
 */
const findSessionProject = statement<{ id: number; slug: string }>(
  `SELECT p.id, p.slug FROM projects p
   WHERE EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = p.id AND f.session_id = ? AND f.part = '')
   ORDER BY p.id LIMIT 1`,
  { prepared: true },
);
const findSubagentsProject = statement<{ id: number; slug: string }>(
  `SELECT p.id, p.slug FROM projects p
   WHERE EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = p.id AND f.session_id = ? AND f.part != '' AND f.part NOT LIKE 'meta:%' AND f.part NOT LIKE 'workflow:%' AND f.part NOT LIKE 'hook:%')
   ORDER BY p.id LIMIT 1`,
  { prepared: true },
);
const partHash = statement<{ hash: string }>(
  `SELECT content_hash AS hash FROM transcript_files WHERE project_id = ? AND session_id = ? AND part = ?`,
  { prepared: true },
);
const savePart = statement(
  `INSERT INTO transcript_files (project_id, session_id, part, name, content_hash, content, line_count, received_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (project_id, session_id, part) DO UPDATE SET name = excluded.name, content_hash = excluded.content_hash,
     content = excluded.content, line_count = excluded.line_count, received_at = excluded.received_at`,
  { prepared: true },
);
/**
 * Parameters: the project, the project again, the session, the session again. A part the project already holds is
 * replaced by the one moved in (OR REPLACE). PostgreSQL, which has no OR REPLACE, moves the rows by deleting them and
 * inserting them into the project as an upsert; of a part moving in from several projects, the last stored stays.
 */
const adoptPartsOf = statement(
  {
    sqlite: `UPDATE OR REPLACE transcript_files SET project_id = ?
   WHERE project_id IN (SELECT id FROM projects WHERE id != ?) AND session_id = ? AND part != ''
     AND NOT EXISTS (SELECT 1 FROM transcript_files main
       WHERE main.project_id = transcript_files.project_id AND main.session_id = ? AND main.part = '')`,
    postgresql: `WITH params AS (SELECT CAST(? AS bigint) AS project, CAST(? AS bigint) AS other, CAST(? AS text) AS session, CAST(? AS text) AS main_session),
   moved AS (DELETE FROM transcript_files USING params
     WHERE transcript_files.project_id IN (SELECT id FROM projects WHERE id != params.other) AND transcript_files.session_id = params.session
       AND transcript_files.part != ''
       AND NOT EXISTS (SELECT 1 FROM transcript_files main
         WHERE main.project_id = transcript_files.project_id AND main.session_id = params.main_session AND main.part = '')
     RETURNING transcript_files.*)
   INSERT INTO transcript_files (project_id, session_id, part, name, content_hash, content, line_count, received_at)
   SELECT DISTINCT ON (part) (SELECT project FROM params), session_id, part, name, content_hash, content, line_count, received_at
   FROM moved ORDER BY part, id DESC
   ON CONFLICT (project_id, session_id, part) DO UPDATE SET name = excluded.name, content_hash = excluded.content_hash,
     content = excluded.content, line_count = excluded.line_count, received_at = excluded.received_at`,
  },
  { prepared: true },
);
/** In the order of the parts' bytes, as SQLite compares text, whatever the PostgreSQL database's collation. */
const parts = statement<{ id: number; part: string; name: string }>(
  {
    sqlite: `SELECT id, part, name FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part`,
    postgresql: `SELECT id, part, name FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part COLLATE "C"`,
  },
  { prepared: true },
);
const findPartSession = statement<{ session_id: string }>(
  `SELECT session_id FROM transcript_files WHERE project_id = ? AND part = ? AND part != '' LIMIT 1`,
  { prepared: true },
);
/** A part already filed under the session moved to is replaced by the one moved (OR REPLACE; `dropMovedOver` on PostgreSQL). */
const movePartsTo = statement(
  {
    sqlite: `UPDATE OR REPLACE transcript_files SET session_id = ? WHERE project_id = ? AND session_id = ? AND part != ''`,
    postgresql: `UPDATE transcript_files SET session_id = ? WHERE project_id = ? AND session_id = ? AND part != ''`,
  },
  { prepared: true },
);
/** Parameters: the project, the session moved to, the session moved from. */
const dropMovedOver = statement(
  `DELETE FROM transcript_files f WHERE f.project_id = ? AND f.session_id = ? AND f.part != ''
     AND EXISTS (SELECT 1 FROM transcript_files moved WHERE moved.project_id = f.project_id AND moved.session_id = ? AND moved.part = f.part)`,
  { prepared: true },
);
const partContent = statement<{ content: StoredContent }>(`SELECT content FROM transcript_files WHERE id = ?`, {
  prepared: true,
});
const sessionWithId = statement<{ found: number }>(
  `SELECT 1 AS found FROM sessions WHERE project_id = ? AND external_id = ?`,
  { prepared: true },
);
/**
 * Parameters: the project, the project again. The sessions holding parts but no main part, less those stored as a
 * session (a Gemini session keeps its sub-agents' chats as parts, its own chat as the session); most recently
 * stored first. One pass over the project's entries of the `(project_id, session_id, part)` index: about 60–100 ms
 * for 300,000 parts on either engine. The sessions are looked up after grouping, so that PostgreSQL does not
 * plan (and JIT-compile) a lookup per session.
 */
const partsWithoutMain = statement<{ sessionId: string; parts: number }>(
  `SELECT w.session_id AS "sessionId", w.parts FROM (
     SELECT f.session_id, count(*) AS parts, max(f.id) AS latest FROM transcript_files f WHERE f.project_id = ?
     GROUP BY f.session_id HAVING max(CASE WHEN f.part = '' THEN 1 ELSE 0 END) = 0
   ) w
   WHERE NOT EXISTS (SELECT 1 FROM sessions t WHERE t.project_id = ? AND t.external_id = w.session_id)
   ORDER BY w.latest DESC`,
);
const partList = statement<StoredPart>({
  sqlite: `SELECT part, name, line_count AS "lineCount", received_at AS "receivedAt" FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part`,
  postgresql: `SELECT part, name, line_count AS "lineCount", received_at AS "receivedAt" FROM transcript_files WHERE project_id = ? AND session_id = ? ORDER BY part COLLATE "C"`,
});
const otherFormat = statement<{ format: string }>(
  `SELECT format FROM sessions WHERE project_id = ? AND external_id = ? AND format NOT IN ('claude-code', 'codex')`,
  { prepared: true },
);

/** The project that already holds a session's main transcript, if any. */
export async function sessionProject(db: Db, sessionId: string): Promise<{ id: number; slug: string } | undefined> {
  return findSessionProject.get(db, sessionId);
}

/** The project that holds a sub-agent's transcript (or Codex thread) of a session, if any. */
export async function subagentsProject(db: Db, sessionId: string): Promise<{ id: number; slug: string } | undefined> {
  return findSubagentsProject.get(db, sessionId);
}

/** Stores one transcript part unless the identical content is already there. */
export async function saveTranscriptPart(
  db: Db,
  part: {
    projectId: number;
    sessionId: string;
    part: string;
    name: string;
    content: string | Uint8Array;
    lineCount: number;
  },
): Promise<PartChange> {
  const hash = await contentHash(part.content);
  const sessionId = part.sessionId;
  const name = part.part;
  const existing = await partHash.get(db, part.projectId, sessionId, name);
  if (existing?.hash === hash) return "same";
  await savePart.run(
    db,
    part.projectId,
    sessionId,
    name,
    part.name,
    hash,
    await storedContent(isPostgres(db), part.content),
    part.lineCount,
    Date.now(),
  );
  return existing ? "changed" : "new";
}

/**
 * Sub-agent parts of a session that arrived before its main transcript and were filed under another project
 * (one that holds no main transcript of this session) move to the project of the main transcript.
 */
export async function adoptParts(db: Db, sessionId: string, projectId: number): Promise<void> {
  const session = sessionId;
  await adoptPartsOf.run(db, projectId, projectId, session, session);
}

/** The session a part (a sub-agent's thread id) is filed under in the project, if any. */
export async function partSession(db: Db, projectId: number, part: string): Promise<string | undefined> {
  return (await findPartSession.get(db, projectId, part))?.session_id;
}

/** Files the parts stored under session `from` (the threads a sub-agent thread spawned) under session `to`. */
export async function moveParts(db: Db, projectId: number, from: string, to: string): Promise<void> {
  if (isPostgres(db) && from !== to) await dropMovedOver.run(db, projectId, to, from);
  await movePartsTo.run(db, to, projectId, from);
}

/** Whether the project holds a session of any format with this id. */
export async function hasSession(db: Db, projectId: number, externalId: string): Promise<boolean> {
  return (await sessionWithId.get(db, projectId, externalId)) !== undefined;
}

/** The project's sessions that hold parts (sub-agents' files) but not their main transcript yet, with how many parts. */
export async function sessionsWithoutMain(db: Db, projectId: number): Promise<{ sessionId: string; parts: number }[]> {
  return (await partsWithoutMain.all(db, projectId, projectId)).map((row) => ({
    sessionId: row.sessionId,
    parts: Number(row.parts),
  }));
}

/** A session's stored parts, without their content, in the order of their names. */
export async function sessionPartList(db: Db, projectId: number, sessionId: string): Promise<StoredPart[]> {
  return partList.all(db, projectId, sessionId);
}

/** A session's stored parts, with the content only of those not in `skip` (already held by the caller). */
export async function sessionParts(
  db: Db,
  projectId: number,
  sessionId: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<TranscriptPart[]> {
  const stored: TranscriptPart[] = [];
  for (const row of await parts.all(db, projectId, sessionId)) {
    const content = skip.has(row.part) ? null : transcriptBytes((await partContent.get(db, row.id))!.content);
    stored.push({ part: row.part, name: row.name, content });
  }
  return stored;
}

/**
 * The format of a session of another source (an ACOS record) stored in the project under `externalId`, if
 * any: a Claude Code or Codex session with that id would collide with it (one external id per project).
 */
export async function otherFormatWithId(db: Db, projectId: number, externalId: string): Promise<string | undefined> {
  return (await otherFormat.get(db, projectId, externalId))?.format;
}
