import "server-only";
import type { Db } from "@/db/client";
import {
  lockPatterns,
  lockProjects,
  lockSessions,
  replaceSession,
  replaceSessions,
  type Override,
  type SessionWrites,
} from "@/db/queries/session-writes";
import type { Uploader } from "@/lib/ingest/session-rows";
import { ROW_RULES } from "./store-records";
import { reinforcedPattern, toolSequence } from "@/lib/learn/tool-sequence";
import type { Session } from "@/lib/session";

/** The tool sequence whose pattern a session's first arrival reinforces, if any. */
const sequenceOf = (t: Session) => (t.operations ? toolSequence(t.operations) : null);

/** How a session's first arrival reinforces its tool sequence's pattern, if it has one. */
function reinforcing(t: Session) {
  const sequence = sequenceOf(t);
  return sequence
    ? {
        sequence,
        next: (existing: Parameters<typeof reinforcedPattern>[1]) => reinforcedPattern(sequence, existing, t),
      }
    : undefined;
}

/**
 * Before storing several sessions in one transaction (`storeLockedSessions`): takes their keys, then their patterns'
 * keys, then their projects' rows, each set in one order, so that transactions storing some of the same sessions,
 * patterns or projects in another order wait for each other instead of each holding what the other needs (PostgreSQL).
 */
export async function lockSessionsToStore(
  db: Db,
  sessions: readonly { projectId: number; t: Session }[],
): Promise<void> {
  await lockSessions(
    db,
    sessions.map(({ t }) => t.externalId),
  );
  await lockPatterns(
    db,
    sessions.flatMap(({ projectId, t }) => {
      const sequence = sequenceOf(t);
      return sequence ? [{ projectId, sequence }] : [];
    }),
  );
  await lockProjects(
    db,
    sessions.map(({ projectId }) => projectId),
  );
}

/**
 * Stores a session, or replaces it with a new assembly of it, keeping its id (`replaceSession`). A session's first
 * arrival is a use of its tool sequence: it reinforces that pattern instead of adding a memory of its own, or starts
 * one; a new assembly of a stored session (a transcript grew, a person judged it) is not another use. Call inside
 * the caller's transaction. It takes the session's key, then its pattern's (both are read before they are written),
 * then the project's row. Returns the row id.
 */
export async function storeSession(
  db: Db,
  projectId: number,
  slug: string,
  t: Session,
  outcome?: Override | null,
  uploader?: Uploader | null,
): Promise<number> {
  await lockSessionsToStore(db, [{ projectId, t }]);
  return (await replaceSession(db, ROW_RULES, { projectId, slug, t, outcome, reinforce: reinforcing(t), uploader })).id;
}

/**
 * As storeSession, for several sessions, in a transaction that holds their keys already (`lockSessionsToStore`), their
 * other rows left in `writes` for the caller to write once the transaction's sessions are stored (`writeSessions`).
 * Answers their row ids, in order.
 */
export async function storeLockedSessions(
  db: Db,
  sessions: readonly { projectId: number; slug: string; t: Session }[],
  writes: SessionWrites,
  uploader: Uploader | null,
): Promise<number[]> {
  const stored = await replaceSessions(
    db,
    ROW_RULES,
    sessions.map((s) => ({ ...s, reinforce: reinforcing(s.t), uploader })),
    writes,
  );
  return stored.map(({ id }) => id);
}
