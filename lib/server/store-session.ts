import "server-only";
import type { Db } from "@/db/client";
import { findPattern, replaceSession, savePattern, type Override } from "@/db/queries/ingest";
import { reinforcedPattern, toolSequence } from "@/lib/learn/tool-sequence";
import type { Trajectory } from "@/lib/trajectory";

/**
 * Stores a session, or replaces it with a new assembly of it, keeping its id (`replaceSession`). A session's first
 * arrival is a use of its tool sequence: it reinforces that pattern instead of adding a memory of its own, or starts
 * one; a new assembly of a stored session (a transcript grew, a person judged it) is not another use. Call inside
 * the caller's transaction. Returns the row id.
 */
export async function storeSession(db: Db, projectId: number, slug: string, t: Trajectory, outcome?: Override | null): Promise<number> {
  const { id, replaced } = await replaceSession(db, projectId, slug, t, outcome);
  const sequence = t.operations ? toolSequence(t.operations) : null;
  if (!replaced && sequence) await savePattern(db, projectId, slug, reinforcedPattern(sequence, await findPattern(db, projectId, sequence), t));
  return id;
}
