import "server-only";
import type Database from "better-sqlite3";
import type { Db } from "@/db/client";
import { preparedFor } from "@/db/prepared";
import type { KnowledgePrompt, KnowledgeSession } from "@/lib/knowledge/contract";
import type { KnowledgeMemory } from "@/lib/knowledge/memory";

/**
 * What project knowledge is mined from (a project's latest sessions with their operations and prompts) and the
 * memories it is stored as (source `project:<slug>:knowledge:<kind>:<key>`). Only error text is read of an
 * operation's output: it is all that mining uses of it.
 */

function statements(sqlite: Database.Database) {
  return {
    sessions: sqlite.prepare(
      `SELECT id, started_at AS startedAt, prompts FROM trajectories WHERE project_id = ? ORDER BY started_at DESC, id DESC LIMIT ?`,
    ),
    fingerprint: sqlite.prepare(
      `SELECT count(*) AS n, coalesce(max(id), 0) AS last FROM trajectories WHERE project_id = ?`,
    ),
    operations: sqlite.prepare(
      `SELECT trajectory_id AS sessionId, seq, tool, file, command, is_error AS isError, CASE WHEN is_error THEN output END AS output, at
      FROM operations WHERE trajectory_id IN (SELECT value FROM json_each(?)) ORDER BY trajectory_id, seq`,
    ),
    memories: sqlite.prepare(
      `SELECT id, source, pinned FROM memories WHERE project_id = @projectId AND substr(source, 1, length(@prefix)) = @prefix ORDER BY id`,
    ),
    upsert: sqlite.prepare(
      `INSERT INTO memories (project_id, category, content, tags, confidence, source, created_at, updated_at)
      SELECT @projectId, value ->> 'category', value ->> 'content', value ->> 'tags', value ->> 'confidence', value ->> 'source',
        coalesce(value ->> 'seenAt', @now), @now
      FROM json_each(@memories) WHERE true
      ON CONFLICT(source) DO UPDATE SET
        content = CASE WHEN memories.pinned THEN memories.content ELSE excluded.content END,
        tags = CASE WHEN memories.pinned THEN memories.tags ELSE excluded.tags END,
        confidence = CASE WHEN memories.pinned THEN memories.confidence ELSE excluded.confidence END,
        updated_at = CASE WHEN memories.content IS excluded.content OR memories.pinned THEN memories.updated_at ELSE @now END,
        reinforced_at = CASE WHEN excluded.created_at > coalesce(memories.reinforced_at, memories.created_at) THEN excluded.created_at ELSE memories.reinforced_at END`,
    ),
    removeStale: sqlite.prepare(
      `DELETE FROM memories WHERE project_id = @projectId AND substr(source, 1, length(@prefix)) = @prefix AND NOT pinned
        AND source NOT IN (SELECT value FROM json_each(@keep))`,
    ),
  };
}

const prepared = preparedFor(statements);

interface OperationRow {
  sessionId: number;
  seq: number;
  tool: string;
  file: string | null;
  command: string | null;
  isError: number;
  output: string | null;
  at: number | null;
}

function promptsOf(json: string | null): KnowledgePrompt[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as KnowledgePrompt[]) : [];
}

/** The project's latest `limit` sessions (by start), oldest first, each with its operations in order and its prompts. */
export function knowledgeSessions(db: Db, projectId: number, limit: number): KnowledgeSession[] {
  const s = prepared(db);
  const rows = (s.sessions.all(projectId, limit) as { id: number; startedAt: number; prompts: string | null }[]).reverse();
  const sessions = new Map<number, KnowledgeSession>(rows.map((r) => [r.id, { id: r.id, startedAt: r.startedAt, operations: [], prompts: promptsOf(r.prompts) }]));
  for (const op of s.operations.all(JSON.stringify(rows.map((r) => r.id))) as OperationRow[]) {
    sessions.get(op.sessionId)?.operations.push({ seq: op.seq, tool: op.tool, file: op.file, command: op.command, isError: op.isError === 1, output: op.output, at: op.at });
  }
  return [...sessions.values()];
}

/**
 * What changes whenever the project's sessions do: their number and its newest session id (a session stored again
 * is deleted and inserted, so it gets a new id). Uploads to other projects leave it alone. One pass over the
 * project's entries of an index.
 */
export function sessionsFingerprint(db: Db, projectId: number): string {
  const row = prepared(db).fingerprint.get(projectId) as { n: number; last: number };
  return `${row.n}:${row.last}`;
}

export interface KnowledgeMemoryState {
  id: number;
  source: string;
  pinned: boolean;
}

/** The project's knowledge memories (their source starts with `prefix`). */
export function knowledgeMemoryStates(db: Db, projectId: number, prefix: string): KnowledgeMemoryState[] {
  return (prepared(db).memories.all({ projectId, prefix }) as { id: number; source: string; pinned: number }[]).map((r) => ({ ...r, pinned: r.pinned === 1 }));
}

/**
 * Stores the project's knowledge memories in one transaction: each is inserted or updated by source (a pinned one
 * keeps the words a person vouched for; it is reinforced when seen later than before), and the unpinned ones no
 * longer mined are removed.
 */
export function storeKnowledgeMemories(db: Db, projectId: number, prefix: string, drafts: readonly KnowledgeMemory[], now: number): void {
  const s = prepared(db);
  const rows = drafts.map((d) => ({ ...d, tags: d.tags.join(" ") }));
  db.$client.transaction(() => {
    if (rows.length > 0) s.upsert.run({ projectId, memories: JSON.stringify(rows), now });
    s.removeStale.run({ projectId, prefix, keep: JSON.stringify(rows.map((r) => r.source)) });
  })();
}
