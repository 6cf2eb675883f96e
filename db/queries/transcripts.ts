import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { projects, transcriptFiles } from "../schema";

export interface TranscriptPart {
  part: string;
  name: string;
  /** null when the caller already holds this part. */
  content: string | null;
}

export type PartChange = "new" | "changed" | "same";

export const contentHash = (content: string) => createHash("sha256").update(content).digest("hex");

/** The project that already holds a session's main transcript, if any. */
export function sessionProject(db: Db, sessionId: string): { id: number; slug: string } | undefined {
  return db
    .select({ id: projects.id, slug: projects.slug })
    .from(transcriptFiles)
    .innerJoin(projects, eq(projects.id, transcriptFiles.projectId))
    .where(and(eq(transcriptFiles.sessionId, sessionId), eq(transcriptFiles.part, "")))
    .get();
}

/** Stores one transcript part unless the identical content is already there. */
export function saveTranscriptPart(
  db: Db,
  part: { projectId: number; sessionId: string; part: string; name: string; content: string; lineCount: number },
): PartChange {
  const hash = contentHash(part.content);
  const where = and(
    eq(transcriptFiles.projectId, part.projectId),
    eq(transcriptFiles.sessionId, part.sessionId),
    eq(transcriptFiles.part, part.part),
  );
  const existing = db.select({ hash: transcriptFiles.contentHash }).from(transcriptFiles).where(where).get();
  if (existing?.hash === hash) return "same";
  const row = { ...part, contentHash: hash, receivedAt: Date.now() };
  db.insert(transcriptFiles)
    .values(row)
    .onConflictDoUpdate({
      target: [transcriptFiles.projectId, transcriptFiles.sessionId, transcriptFiles.part],
      set: { name: row.name, contentHash: hash, content: row.content, lineCount: row.lineCount, receivedAt: row.receivedAt },
    })
    .run();
  return existing ? "changed" : "new";
}

/**
 * Sub-agent parts of a session that arrived before its main transcript and were filed under another project
 * (one that holds no main transcript of this session) move to the project of the main transcript.
 */
export function adoptParts(db: Db, sessionId: string, projectId: number): void {
  db.run(sql`UPDATE OR REPLACE transcript_files SET project_id = ${projectId}
    WHERE session_id = ${sessionId} AND part != '' AND project_id != ${projectId}
      AND NOT EXISTS (SELECT 1 FROM transcript_files main
        WHERE main.project_id = transcript_files.project_id AND main.session_id = ${sessionId} AND main.part = '')`);
}

/** A session's stored parts, with the content only of those not in `skip` (already held by the caller). */
export function sessionParts(db: Db, projectId: number, sessionId: string, skip: ReadonlySet<string> = new Set()): TranscriptPart[] {
  const rows = db
    .select({ id: transcriptFiles.id, part: transcriptFiles.part, name: transcriptFiles.name })
    .from(transcriptFiles)
    .where(and(eq(transcriptFiles.projectId, projectId), eq(transcriptFiles.sessionId, sessionId)))
    .orderBy(transcriptFiles.part)
    .all();
  return rows.map((row) => ({
    part: row.part,
    name: row.name,
    content: skip.has(row.part)
      ? null
      : db.select({ content: transcriptFiles.content }).from(transcriptFiles).where(eq(transcriptFiles.id, row.id)).get()!.content,
  }));
}
