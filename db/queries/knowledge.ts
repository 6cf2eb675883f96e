import "server-only";
import { jsonParameter, transaction, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { lockProjects } from "@/db/queries/session-writes";
import type { KnowledgePrompt, KnowledgeSession } from "@/lib/knowledge/contract";
import type { KnowledgeMemory } from "@/lib/knowledge/memory";

/**
 * What project knowledge is mined from (a project's latest sessions with their operations and prompts) and the
 * memories it is stored as (source `project:<slug>:knowledge:<kind>:<key>`). Of an operation's output only error
 * text, a commit's answer (`[master 17015f9] …`, which names the branch) and a coverage report's total (pytest-cov's
 * `TOTAL`, Istanbul's `All files`, go's `% of statements`, tarpaulin's `lines covered`: lib/knowledge/coverage-report.ts)
 * and what a passing read of the project's instruction or contributor docs returned (lib/knowledge/documented.ts) are read: all that mining uses of it. The memories of a project are stored by one transaction at a
 * time: on PostgreSQL, where several processes may refresh one project at once, it holds the project's row, as ingest
 * does when it writes the project's memories (db/queries/session-writes.ts).
 */

/**
 * The outputs mining reads besides a failed call's and a commit's, as lib/server/knowledge.ts gives them from
 * lib/knowledge (coverage-report.ts, doc-commands.ts): a passing call's that holds one of the coverage totals'
 * markers, and a read of one of the project's instruction or contributor docs (by name, without `.md`).
 */
export interface OutputsRead {
  coverageMarkers: readonly string[];
  docNames: readonly string[];
}

const outputRead = ({ coverageMarkers, docNames }: OutputsRead) =>
  [
    ...coverageMarkers.map((marker) => `output LIKE '%${marker}%'`),
    `(command IS NULL AND is_error = 0 AND (${docNames.map((name) => `LOWER(file) LIKE '%${name.toLowerCase()}.md'`).join(" OR ")}))`,
  ].join(" OR ");
/** A project's latest sessions (parameters: the project, how many): what mining reads, and what its fingerprint reads. */
const LATEST = "FROM sessions WHERE project_id = ? ORDER BY started_at DESC, id DESC LIMIT ?";
const sessionRows = statement<{ id: number; startedAt: number; prompts: string | null }>(
  `SELECT id, started_at AS "startedAt", prompts ${LATEST}`,
);
/** Read from the `sessions_project_started` index alone. */
const latestIds = statement<{ id: number }>(`SELECT id ${LATEST}`);
const operations = (reads: OutputsRead) =>
  statement<OperationRow>({
    sqlite: `SELECT session_id AS sessionId, seq, tool, file, command, is_error AS isError, CASE WHEN is_error OR command LIKE '%git%commit%' OR ${outputRead(reads)} THEN output END AS output, at
  FROM operations WHERE session_id IN (SELECT value FROM json_each(?)) ORDER BY session_id, seq`,
    postgresql: `SELECT session_id AS "sessionId", seq, tool, file, command, is_error AS "isError", CASE WHEN is_error = 1 OR command LIKE '%git%commit%' OR ${outputRead(reads)} THEN output END AS output, at
  FROM operations WHERE session_id IN (SELECT CAST(value AS bigint) FROM jsonb_array_elements_text(CAST(? AS jsonb))) ORDER BY session_id, seq`,
  });
/**
 * Parameters: the project, the sources (a JSON array). Read through the unique index on source, one lookup each
 * (SQLite's `+` keeps it from reading every memory of the project by the project's index instead).
 */
const memories = statement<{ id: number; source: string; pinned: number }>({
  sqlite: `SELECT id, source, pinned FROM memories WHERE +project_id = ? AND source IN (SELECT value FROM json_each(?)) ORDER BY id`,
  postgresql: `SELECT id, source, pinned FROM memories WHERE project_id = ? AND source IN (SELECT value FROM jsonb_array_elements_text(CAST(? AS jsonb))) ORDER BY id`,
});
/** Parameters: the project, now, now, the memories (a JSON array), now. */
const upsert = statement({
  sqlite: `INSERT INTO memories (project_id, category, content, tags, confidence, source, created_at, updated_at)
  SELECT ?, value ->> 'category', value ->> 'content', value ->> 'tags', value ->> 'confidence', value ->> 'source',
    coalesce(value ->> 'seenAt', ?), ?
  FROM json_each(?) WHERE true
  ON CONFLICT(source) DO UPDATE SET
    content = CASE WHEN memories.pinned THEN memories.content ELSE excluded.content END,
    tags = CASE WHEN memories.pinned THEN memories.tags ELSE excluded.tags END,
    confidence = CASE WHEN memories.pinned THEN memories.confidence ELSE excluded.confidence END,
    updated_at = CASE WHEN memories.content IS excluded.content OR memories.pinned THEN memories.updated_at ELSE ? END,
    reinforced_at = CASE WHEN excluded.created_at > coalesce(memories.reinforced_at, memories.created_at) THEN excluded.created_at ELSE memories.reinforced_at END`,
  postgresql: `INSERT INTO memories (project_id, category, content, tags, confidence, source, created_at, updated_at)
  SELECT CAST(? AS bigint), category, content, tags, confidence, source, coalesce("seenAt", CAST(? AS bigint)), CAST(? AS bigint)
  FROM ROWS FROM (jsonb_to_recordset(CAST(? AS jsonb)) AS (category text, content text, tags text, confidence double precision,
    source text, "seenAt" bigint)) WITH ORDINALITY AS r
  ORDER BY r.ordinality
  ON CONFLICT(source) DO UPDATE SET
    content = CASE WHEN memories.pinned = 1 THEN memories.content ELSE excluded.content END,
    tags = CASE WHEN memories.pinned = 1 THEN memories.tags ELSE excluded.tags END,
    confidence = CASE WHEN memories.pinned = 1 THEN memories.confidence ELSE excluded.confidence END,
    updated_at = CASE WHEN memories.content = excluded.content OR memories.pinned = 1 THEN memories.updated_at ELSE CAST(? AS bigint) END,
    reinforced_at = CASE WHEN excluded.created_at > coalesce(memories.reinforced_at, memories.created_at) THEN excluded.created_at ELSE memories.reinforced_at END`,
});
/** Parameters: the project, the prefix, the prefix again, the sources to keep (a JSON array). */
const removeStale = statement({
  sqlite: `DELETE FROM memories WHERE project_id = ? AND substr(source, 1, length(?)) = ? AND NOT pinned
    AND source NOT IN (SELECT value FROM json_each(?))`,
  postgresql: `DELETE FROM memories WHERE project_id = ? AND substr(source, 1, length(CAST(? AS TEXT))) = ? AND pinned = 0
    AND source NOT IN (SELECT value FROM jsonb_array_elements_text(CAST(? AS jsonb)))`,
});

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

/**
 * The project's latest `limit` sessions (by start), oldest first, each with its operations in order and its prompts;
 * of an operation's output, only what `reads` names besides errors and commits.
 */
export async function knowledgeSessions(
  db: Db,
  projectId: number,
  limit: number,
  reads: OutputsRead,
): Promise<KnowledgeSession[]> {
  const rows = (await sessionRows.all(db, projectId, limit)).reverse();
  const sessions = new Map<number, KnowledgeSession>(
    rows.map((r) => [r.id, { id: r.id, startedAt: r.startedAt, operations: [], prompts: promptsOf(r.prompts) }]),
  );
  for (const op of await operations(reads).all(db, JSON.stringify(rows.map((r) => r.id)))) {
    sessions.get(op.sessionId)?.operations.push({
      seq: op.seq,
      tool: op.tool,
      file: op.file,
      command: op.command,
      isError: op.isError === 1,
      output: op.output,
      at: op.at,
    });
  }
  return [...sessions.values()];
}

/**
 * What changes whenever the sessions `knowledgeSessions` reads do (the project's `limit` latest): their ids, newest
 * first. A session stored again is deleted and inserted, so it gets a new id; a session stored or replaced among older
 * ones than those leaves it alone, as it leaves what they teach. Uploads to other projects leave it alone. A read of
 * `limit` entries of an index, however many sessions the project has (counting them all took 11.6 ms on PostgreSQL
 * at 100,000, at every guidance read).
 */
export async function sessionsFingerprint(db: Db, projectId: number, limit: number): Promise<string> {
  return (await latestIds.all(db, projectId, limit)).map((row) => row.id).join(",");
}

export interface KnowledgeMemoryState {
  id: number;
  source: string;
  pinned: boolean;
}

/** Those of the project's memories whose source is one of `sources` (the knowledge items' memories). */
export async function knowledgeMemoryStates(
  db: Db,
  projectId: number,
  sources: readonly string[],
): Promise<KnowledgeMemoryState[]> {
  if (sources.length === 0) return [];
  const rows = await memories.all(db, projectId, jsonParameter(db, sources));
  return rows.map((r) => ({ ...r, pinned: r.pinned === 1 }));
}

/**
 * Stores the project's knowledge memories in one transaction: each is inserted or updated by source (a pinned one
 * keeps the words a person vouched for; it is reinforced when seen later than before), and the unpinned ones no
 * longer mined are removed.
 */
export async function storeKnowledgeMemories(
  db: Db,
  projectId: number,
  prefix: string,
  drafts: readonly KnowledgeMemory[],
  now: number,
): Promise<void> {
  const rows = drafts.map((d) => ({ ...d, tags: d.tags.join(" ") }));
  await transaction(db, async () => {
    await lockProjects(db, [projectId]);
    if (rows.length > 0) await upsert.run(db, projectId, now, now, jsonParameter(db, rows), now);
    await removeStale.run(
      db,
      projectId,
      prefix,
      prefix,
      jsonParameter(
        db,
        rows.map((r) => r.source),
      ),
    );
  });
}
