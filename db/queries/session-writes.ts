import "server-only";
import {
  fileRows,
  memoryRow,
  operationRows,
  type FileRow,
  type MemoryRow,
  type OperationRow,
  type Override,
  type StoredSession,
  type Uploader,
  type sessionMemoryRow,
  type sessionRow,
} from "@/lib/ingest/session-rows";
import { stemPairs } from "@/lib/memory/stem-pairs";
import type { PatternUses } from "@/lib/learn/tool-sequence";
import type { MemoryCategory, MemoryDraft, SourceFormat, ToolPattern, Session } from "@/lib/session";
import { getTableConfig } from "drizzle-orm/pg-core";
import { isPostgres, jsonParameter, lockKey, transaction, type Db } from "../client";
import { statement } from "../engine/statement";
import { storableJson, storableText } from "../engine/storable-text";
import { sessions as pgSessions } from "../pg/schema";

export type { Override } from "@/lib/ingest/session-rows";

/**
 * What a record becomes when stored, decided above db/ and given to each write (lib/server/store-records.ts): a
 * session's row with its features, success and category, and its memory; a tool pattern's category and the memory it
 * makes, if any. db/ writes the rows these answer and decides nothing.
 */
export interface RowRules {
  session: typeof sessionRow;
  sessionMemory: typeof sessionMemoryRow;
  pattern: (
    slug: string,
    p: ToolPattern,
    format: SourceFormat,
  ) => { category: MemoryCategory; memory: MemoryDraft | null };
}

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

/**
 * The write path of ingest. Hot (thousands of rows per second), so it runs module-level statements, which the
 * executor keeps prepared, inside one transaction per file (or per group of small files, `storeRecordSets`).
 *
 * A session's operations, files and memory are collected while its file's sessions are inserted, then written
 * by one statement per table (`writeRows`), the rows passed as one JSON array: a statement per row costs more
 * than the row, and memories must come in one statement anyway. FTS5 flushes its pending index to disk at every
 * statement savepoint, which each insert into a table with triggers (sessions, memories) opens, so memories
 * written row by row between the sessions each became an index segment of their own, with the merges that follow
 * (a fifth to a third of ingest's time). JSON carries every value exactly (text, lone surrogates included, and numbers), and
 * each column's affinity stores it as a bound value would be. PostgreSQL gets the same statements, one per table, over
 * jsonb_to_recordset, its text mapped as db/engine/storable-text.ts says.
 *
 * Several web processes may write to one PostgreSQL database at once, each transaction reading what is committed
 * when a statement starts. Finding or creating is `INSERT … ON CONFLICT` then a read; a transaction that reads a
 * session or a pattern before writing it first takes its key (`lockSessions`, `lockPatterns`: PostgreSQL advisory
 * locks held to the end of the transaction), session keys before pattern keys, each set in one sorted order. Then,
 * before it writes a project's sessions or memories, it locks the project's row (`lockProjects`, by id): the
 * triggers of those tables add to the project's statistics rows, statement by statement, so two transactions
 * writing into one project take turns instead of each holding statistics rows the other waits for. SQLite runs one
 * write transaction at a time (BEGIN IMMEDIATE), so none of this waits there.
 */

const findProjectId = statement<{ id: number }>(`SELECT id FROM projects WHERE slug = ?`, { prepared: true });
/** Answers nothing when the project was created meanwhile (by another process, on PostgreSQL). */
const insertProject = statement<{ id: number }>(
  `INSERT INTO projects (slug, name) VALUES (?, ?) ON CONFLICT (slug) DO NOTHING RETURNING id`,
  { prepared: true },
);
const touchProject = statement(
  {
    sqlite: `UPDATE projects SET last_activity_at = max(coalesce(last_activity_at, 0), ?) WHERE id = ?`,
    postgresql: `UPDATE projects SET last_activity_at = greatest(coalesce(last_activity_at, 0), CAST(? AS bigint)) WHERE id = ?`,
  },
  { prepared: true },
);
/** Locks the projects' rows in id order, as touchProject would lock them, letting foreign key checks through (PostgreSQL only). */
const lockProjectRows = statement(
  `SELECT id FROM projects WHERE id IN (SELECT CAST(value AS bigint) FROM jsonb_array_elements_text(CAST(? AS jsonb))) ORDER BY id FOR NO KEY UPDATE`,
  { prepared: true },
);
/** Takes the keys' advisory locks (as lockKey takes one) in the order of their hashes, which are the locks (PostgreSQL only). */
const lockHashes = statement(
  `SELECT count(pg_advisory_xact_lock(h)) AS n FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest(CAST(? AS text[])) AS k ORDER BY h) AS s`,
  { prepared: true },
);

/** The columns of a session's `sessions` row, in the order of the insert's placeholders. */
const SESSION_COLUMNS = [
  "id",
  "project_id",
  "format",
  "external_id",
  "session_id",
  "agent",
  "task",
  "domain",
  "category",
  "started_at",
  "ended_at",
  "duration_ms",
  "prompt_count",
  "prompts",
  "success_score",
  "success_source",
  "success_signals",
  "success_score_unverified",
  "critique",
  "models",
  "git_branch",
  "tokens_input",
  "tokens_output",
  "tokens_cache_read",
  "tokens_cache_creation",
  "tokens_by_model",
  "tool_breakdown",
  "operation_count",
  "files_modified_count",
  "files_read_count",
  "verified_after_edit",
  "verification_passed",
  "read_before_edit_ratio",
  "blind_edits",
  "delegated",
  "tool_errors",
  "interruptions",
  "shell_ops",
  "raw",
  "original_score",
  "original_source",
  "overridden_at",
  "uploaded_by_user_id",
  "uploaded_by_token_id",
  "uploaded_by",
] as const satisfies readonly (keyof StoredSession["row"])[];

/** JSON columns of the row that PostgreSQL reads as JSON (the stats triggers): their escapes are mapped as storableJson says. */
const JSON_COLUMNS: ReadonlySet<string> = new Set([
  "prompts",
  "success_signals",
  "models",
  "tokens_by_model",
  "tool_breakdown",
] satisfies (typeof SESSION_COLUMNS)[number][]);

/**
 * Answers the new row's id, or nothing when the project already holds the session. A null id is the next one: SQLite
 * assigns it to a NULL rowid, PostgreSQL takes it from the identity's sequence (it refuses NULL for the column).
 */
const insertSession = statement<{ id: number }>(
  {
    sqlite: `INSERT INTO sessions (${SESSION_COLUMNS.join(", ")})
   VALUES (${SESSION_COLUMNS.map(() => "?").join(", ")})
   ON CONFLICT(project_id, external_id) DO NOTHING
   RETURNING id`,
    postgresql: `INSERT INTO sessions (${SESSION_COLUMNS.join(", ")})
   VALUES (coalesce(CAST(? AS bigint), nextval('sessions_id_seq')), ${SESSION_COLUMNS.slice(1)
     .map(() => "?")
     .join(", ")})
   ON CONFLICT(project_id, external_id) DO NOTHING
   RETURNING id`,
  },
  { prepared: true },
);
/** Each session column with its PostgreSQL type, as jsonb_to_recordset's column list. */
const PG_SESSION_COLUMNS = (() => {
  const types = new Map(getTableConfig(pgSessions).columns.map((c) => [c.name, c.getSQLType()]));
  return SESSION_COLUMNS.map((column) => `${column} ${types.get(column)}`).join(", ");
})();

/**
 * PostgreSQL only: many sessions in one statement, in array order (a second record with an external id is the
 * duplicate), answering the stored ones' ids. Each statement runs the stats triggers once over all its rows, which
 * costs far more than a row, so a file's records go in as few statements as they can.
 */
const insertSessionRows = statement<{ id: number; projectId: number; externalId: string }>(
  `INSERT INTO sessions (${SESSION_COLUMNS.join(", ")})
   SELECT coalesce(id, nextval('sessions_id_seq')), ${SESSION_COLUMNS.slice(1).join(", ")}
   FROM ROWS FROM (jsonb_to_recordset(CAST(? AS jsonb)) AS (${PG_SESSION_COLUMNS})) WITH ORDINALITY AS r
   ORDER BY r.ordinality
   ON CONFLICT (project_id, external_id) DO NOTHING
   RETURNING id, project_id AS "projectId", external_id AS "externalId"`,
  { prepared: true },
);
/** Sessions per insertSessionRows statement: the statement's JSON stays small, its triggers run once for many. */
const SESSIONS_PER_INSERT = 500;

const insertOperations = statement(
  {
    sqlite: `INSERT INTO operations (session_id, seq, tool, file, command, is_error, at, delegated, output)
   SELECT value ->> 'session_id', value ->> 'seq', value ->> 'tool', value ->> 'file', value ->> 'command',
     value ->> 'is_error', value ->> 'at', value ->> 'delegated', value ->> 'output'
   FROM json_each(?)`,
    postgresql: `INSERT INTO operations (session_id, seq, tool, file, command, is_error, at, delegated, output)
   SELECT session_id, seq, tool, file, command, is_error, at, delegated, output
   FROM jsonb_to_recordset(CAST(? AS jsonb)) AS r(session_id bigint, seq bigint, tool text, file text, command text,
     is_error smallint, at bigint, delegated smallint, output text)`,
  },
  { prepared: true },
);
const insertFiles = statement(
  {
    sqlite: `INSERT OR IGNORE INTO session_files (session_id, role, path)
   SELECT value ->> 'session_id', value ->> 'role', value ->> 'path' FROM json_each(?)`,
    postgresql: `INSERT INTO session_files (session_id, role, path)
   SELECT session_id, role, path FROM jsonb_to_recordset(CAST(? AS jsonb)) AS r(session_id bigint, role text, path text)
   ON CONFLICT DO NOTHING`,
  },
  { prepared: true },
);
/**
 * In array order, so a source given twice ends as the second (as if inserted one by one). PostgreSQL's upsert may
 * not change a row twice in one statement, so there a source given again starts another statement (`writeMemories`).
 */
const insertMemories = statement(
  {
    sqlite: `INSERT INTO memories (project_id, category, content, tags, confidence, source, session_id, pattern_id, created_at, stem_pairs)
   SELECT value ->> 'project_id', value ->> 'category', value ->> 'content', value ->> 'tags', value ->> 'confidence',
     value ->> 'source', value ->> 'session_id', value ->> 'pattern_id', value ->> 'created_at', value ->> 'stem_pairs'
   FROM json_each(?) WHERE true ORDER BY key
   ON CONFLICT(source) DO UPDATE SET category = excluded.category, content = excluded.content, tags = excluded.tags,
     confidence = excluded.confidence, pattern_id = excluded.pattern_id, stem_pairs = excluded.stem_pairs,
     updated_at = cast(unixepoch('subsec') * 1000 as integer),
     reinforced_at = max(coalesce(memories.reinforced_at, memories.created_at), excluded.created_at)`,
    postgresql: `INSERT INTO memories (project_id, category, content, tags, confidence, source, session_id, pattern_id, created_at)
   SELECT project_id, category, content, tags, confidence, source, session_id, pattern_id, created_at
   FROM ROWS FROM (jsonb_to_recordset(CAST(? AS jsonb)) AS (project_id bigint, category text, content text, tags text,
     confidence double precision, source text, session_id bigint, pattern_id bigint, created_at bigint)) WITH ORDINALITY AS r
   ORDER BY r.ordinality
   ON CONFLICT(source) DO UPDATE SET category = excluded.category, content = excluded.content, tags = excluded.tags,
     confidence = excluded.confidence, pattern_id = excluded.pattern_id,
     updated_at = CAST(floor(extract(epoch from clock_timestamp()) * 1000) AS bigint),
     reinforced_at = greatest(coalesce(memories.reinforced_at, memories.created_at), excluded.created_at)`,
  },
  { prepared: true },
);
const findSession = statement<{
  id: number;
  score: number;
  overriddenAt: number | null;
  userId: number | null;
  tokenId: number | null;
  label: string | null;
}>(
  `SELECT id, success_score AS score, overridden_at AS "overriddenAt", uploaded_by_user_id AS "userId", uploaded_by_token_id AS "tokenId", uploaded_by AS label
   FROM sessions WHERE project_id = ? AND external_id = ? AND format = ?`,
  { prepared: true },
);
const deleteSession = statement(`DELETE FROM sessions WHERE id = ?`, { prepared: true });
const sessionRaw = statement<{ format: string; raw: string }>(
  `SELECT format, raw FROM sessions WHERE project_id = ? AND external_id = ?`,
  { prepared: true },
);
const findPatternUses = statement<PatternUses>(
  `SELECT id, count, avg_success AS "avgSuccess", type, discovered_at AS "discoveredAt" FROM tool_patterns WHERE project_id = ? AND sequence = ?`,
  { prepared: true },
);
const upsertPattern = statement<{ id: number }>(
  {
    sqlite: `INSERT INTO tool_patterns (project_id, sequence, type, count, avg_success, category, discovered_at, last_seen)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT(project_id, sequence) DO UPDATE SET type = excluded.type, count = excluded.count,
     avg_success = excluded.avg_success, category = excluded.category, last_seen = excluded.last_seen,
     updated_at = cast(unixepoch('subsec') * 1000 as integer)
   RETURNING id`,
    postgresql: `INSERT INTO tool_patterns (project_id, sequence, type, count, avg_success, category, discovered_at, last_seen)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT(project_id, sequence) DO UPDATE SET type = excluded.type, count = excluded.count,
     avg_success = excluded.avg_success, category = excluded.category, last_seen = excluded.last_seen,
     updated_at = CAST(floor(extract(epoch from clock_timestamp()) * 1000) AS bigint)
   RETURNING id`,
  },
  { prepared: true },
);

/** The rows of a write's sessions and patterns beside their own, written together at its end (`writeRows`). */
interface Rows {
  operations: OperationRow[];
  files: FileRow[];
  memories: MemoryRow[];
}

const noRows = (): Rows => ({ operations: [], files: [], memories: [] });

/** Sessions and patterns whose rows are written together: a large file's JSON stays well short of a string's limit. */
const SESSIONS_PER_WRITE = 1_000;

/**
 * Writes memory rows in array order; on PostgreSQL a source met again starts another statement (see insertMemories).
 * On SQLite each row carries its phrase pairs, which memories_fts's triggers would otherwise make from a scratch index
 * (migration 0032_memories_given_pairs).
 */
async function writeMemories(db: Db, memories: readonly MemoryRow[]): Promise<void> {
  if (!isPostgres(db)) {
    const rows = memories.map((memory) => ({ ...memory, stem_pairs: stemPairs([memory.content, memory.tags]) }));
    await insertMemories.run(db, JSON.stringify(rows));
    return;
  }
  let from = 0;
  const sources = new Set<string>();
  for (const [at, memory] of memories.entries()) {
    if (sources.has(memory.source)) {
      await insertMemories.run(db, jsonParameter(db, memories.slice(from, at)));
      sources.clear();
      from = at;
    }
    sources.add(memory.source);
  }
  await insertMemories.run(db, jsonParameter(db, memories.slice(from)));
}

/** Writes the rows collected so far and empties `rows`. */
async function writeRows(db: Db, rows: Rows): Promise<void> {
  if (rows.operations.length > 0) await insertOperations.run(db, jsonParameter(db, rows.operations));
  if (rows.files.length > 0) await insertFiles.run(db, jsonParameter(db, rows.files));
  if (rows.memories.length > 0) await writeMemories(db, rows.memories);
  Object.assign(rows, noRows());
}

/** Writes the rows collected so far once they are SESSIONS_PER_WRITE sessions' and patterns' (one memory each). */
async function writeRowsIfFull(db: Db, rows: Rows): Promise<void> {
  if (rows.memories.length >= SESSIONS_PER_WRITE) await writeRows(db, rows);
}

/** The values of the session insert's placeholders; on PostgreSQL the JSON the triggers read has its escapes mapped. */
function sessionValues(db: Db, row: StoredSession["row"]): unknown[] {
  if (!isPostgres(db)) return SESSION_COLUMNS.map((column) => row[column]);
  return SESSION_COLUMNS.map((column) => {
    const value = row[column];
    return typeof value === "string" && JSON_COLUMNS.has(column) ? storableJson(value) : value;
  });
}

/**
 * Stores new sessions of a project (a record whose external id is stored already, or came before in `list`, is
 * a duplicate), collecting their rows; answers those stored.
 */
async function storeSessions(
  db: Db,
  rules: RowRules,
  rows: Rows,
  projectId: number,
  slug: string,
  list: readonly Session[],
  uploader: Uploader | null,
): Promise<Session[]> {
  const stored: Session[] = [];
  for (let from = 0; from < list.length; from += SESSIONS_PER_INSERT) {
    const chunk = list
      .slice(from, from + SESSIONS_PER_INSERT)
      .map((t) => ({ t, session: rules.session(projectId, t, { uploader }) }));
    const ids = await insertSessions(
      db,
      chunk.map(({ session }) => session.row),
    );
    for (const [i, { t, session }] of chunk.entries()) {
      const id = ids[i];
      if (id === undefined) continue;
      collectRows(rules, rows, projectId, slug, session, id);
      stored.push(t);
    }
    await writeRowsIfFull(db, rows);
  }
  return stored;
}

/** A stored session's operations, files and memory, collected to be written with others'. */
function collectRows(
  rules: RowRules,
  rows: Rows,
  projectId: number,
  slug: string,
  session: StoredSession,
  sessionId: number,
): void {
  for (const row of operationRows(sessionId, session.stored)) rows.operations.push(row);
  for (const row of fileRows(sessionId, session.stored)) rows.files.push(row);
  rows.memories.push(rules.sessionMemory(projectId, slug, session, sessionId));
}

/**
 * PostgreSQL: inserts up to SESSIONS_PER_INSERT session rows in one statement; answers each one's id, in
 * order, or undefined where its project held its external id already (or an earlier row of the chunk did).
 */
async function insertSessionChunk(db: Db, chunk: readonly StoredSession["row"][]): Promise<(number | undefined)[]> {
  const values = chunk.map((row) =>
    Object.fromEntries(sessionValues(db, row).map((value, i) => [SESSION_COLUMNS[i], value])),
  );
  const key = (projectId: number, externalId: string) => `${projectId}\u0000${externalId}`;
  const ids = new Map(
    (await insertSessionRows.all(db, jsonParameter(db, values))).map((r) => [
      key(Number(r.projectId), r.externalId),
      r.id,
    ]),
  );
  return chunk.map((row) => {
    const k = key(row.project_id, storableText(row.external_id));
    const id = ids.get(k);
    ids.delete(k);
    return id;
  });
}

/** Inserts session rows: SQLite a statement each, PostgreSQL SESSIONS_PER_INSERT to a statement (`insertSessionChunk`). */
async function insertSessions(db: Db, list: readonly StoredSession["row"][]): Promise<(number | undefined)[]> {
  const ids: (number | undefined)[] = [];
  if (!isPostgres(db)) {
    for (const row of list) ids.push((await insertSession.get(db, ...sessionValues(db, row)))?.id);
    return ids;
  }
  for (let from = 0; from < list.length; from += SESSIONS_PER_INSERT)
    ids.push(...(await insertSessionChunk(db, list.slice(from, from + SESSIONS_PER_INSERT))));
  return ids;
}

/**
 * Stores a pattern's new state unless it is what is stored (`known.existing`, looked up when not known), in the
 * category the rules give it, and collects the memory they make of it.
 */
async function storePattern(
  db: Db,
  rules: RowRules,
  rows: Rows,
  projectId: number,
  slug: string,
  p: ToolPattern,
  known?: { existing: PatternUses | undefined },
  format: SourceFormat = "acos",
): Promise<boolean> {
  const sequence = p.sequence;
  const existing = known ? known.existing : await findPatternUses.get(db, projectId, sequence);
  if (existing && existing.count === p.count && existing.avgSuccess === p.avgSuccess) return false;
  const { category, memory } = rules.pattern(slug, p, format);
  const { id } = (await upsertPattern.get(
    db,
    projectId,
    sequence,
    p.type,
    p.count,
    p.avgSuccess,
    category,
    p.discoveredAt,
    p.lastSeen,
  ))!;
  if (memory) rows.memories.push(memoryRow(projectId, memory, { patternId: id }, p.lastSeen));
  return true;
}

/** Takes the keys' locks on PostgreSQL, in one order whatever the order given (nothing to take on SQLite). */
async function lockKeys(db: Db, keys: Iterable<string>): Promise<void> {
  const all = [...new Set(keys)];
  if (!isPostgres(db) || all.length === 0) return;
  if (all.length === 1) return lockKey(db, all[0]!);
  await lockHashes.run(db, all);
}

/** The key a transaction takes before it reads and writes a session (by its external id, in any project). */
const sessionKey = (externalId: string) => `session:${externalId}`;

/**
 * Inside a transaction, before it reads the sessions to store or replace them (or the transcript parts they are
 * assembled from): makes any other transaction doing so for one of them wait until this one ends (PostgreSQL).
 */
export async function lockSessions(db: Db, externalIds: Iterable<string>): Promise<void> {
  await lockKeys(db, [...externalIds].map(sessionKey));
}

/** As lockSessions, for patterns (a project's tool sequence): after the sessions' keys, before any project row. */
export async function lockPatterns(db: Db, patterns: Iterable<{ projectId: number; sequence: string }>): Promise<void> {
  await lockKeys(
    db,
    [...patterns].map(({ projectId, sequence }) => `pattern:${projectId}:${sequence}`),
  );
}

/**
 * Locks the projects' rows in id order before a transaction writes their sessions or memories, after the keys it
 * takes (PostgreSQL; SQLite has nothing to order).
 */
export async function lockProjects(db: Db, projectIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(projectIds)];
  if (isPostgres(db) && ids.length > 0) await lockProjectRows.run(db, JSON.stringify(ids));
}

/** What is stored of the project's pattern of this tool sequence, if any. */
async function findPattern(db: Db, projectId: number, sequence: string): Promise<PatternUses | undefined> {
  return findPatternUses.get(db, projectId, sequence);
}

/**
 * The project's id, creating the project if new (named `name`; an existing project keeps its name). On PostgreSQL
 * the insert waits for another transaction creating it, and then finds it, committed.
 */
export async function ensureProject(db: Db, slug: string, name: string = slug): Promise<number> {
  const found = ((await findProjectId.get(db, slug)) ??
    (await insertProject.get(db, slug, name)) ??
    (await findProjectId.get(db, slug)))!;
  return found.id;
}

/** One file's records, as `storeRecords` and `storeRecordSets` take them. */
export interface Records {
  sessions: readonly Session[];
  patterns: readonly ToolPattern[];
}

/**
 * Stores one parsed file's records for a project, creating the project if new, in one transaction:
 * either every valid record of the file is stored, or (on failure) none is. Records already stored
 * (same project and external id, or an unchanged pattern) are counted as duplicates.
 */
export async function storeRecords(
  db: Db,
  rules: RowRules,
  slug: string,
  records: Records,
  uploader: Uploader | null = null,
): Promise<StoreResult> {
  return (await storeRecordSets(db, rules, slug, [records], uploader))[0]!;
}

/**
 * Stores several files' records for a project in one transaction (a commit costs more than a small file's rows),
 * taking every key first, each set in one order, as `storeRecords` does for one; answers each file's counts, in
 * order. A record that an earlier set of the same call holds too is that set's, and a duplicate in the later one.
 */
export async function storeRecordSets(
  db: Db,
  rules: RowRules,
  slug: string,
  sets: readonly Records[],
  uploader: Uploader | null = null,
): Promise<StoreResult[]> {
  const sessions = sets.flatMap((s) => s.sessions);
  const patterns = sets.flatMap((s) => s.patterns);
  return transaction(db, async () => {
    await lockSessions(
      db,
      sessions.map((t) => t.externalId),
    );
    const projectId = await ensureProject(db, slug);
    await lockPatterns(
      db,
      patterns.map((p) => ({ projectId, sequence: p.sequence })),
    );
    await lockProjects(db, [projectId]);
    const writes = sessionWrites();
    let latest = 0;
    const stored = new Set<Session | ToolPattern>();
    for (const t of await storeSessions(db, rules, writes.rows, projectId, slug, sessions, uploader)) {
      stored.add(t);
      latest = Math.max(latest, t.endedAt ?? t.startedAt);
    }
    for (const p of patterns) {
      if (await storePattern(db, rules, writes.rows, projectId, slug, p)) {
        stored.add(p);
        latest = Math.max(latest, p.lastSeen ?? 0);
        await writeRowsIfFull(db, writes.rows);
      }
    }
    if (stored.size > 0) writes.activity.set(projectId, latest || Date.now());
    await writeSessions(db, writes);
    return sets.map((s) => {
      const accepted = s.sessions.filter((t) => stored.has(t)).length + s.patterns.filter((p) => stored.has(p)).length;
      return { accepted, duplicates: s.sessions.length + s.patterns.length - accepted };
    });
  });
}

/**
 * What is stored under a session's external id in the project: nothing, the same record (its `raw`, as received),
 * another version of it (the file grew), or a session of another format holding that id.
 */
export async function storedSession(
  db: Db,
  projectId: number,
  t: Session,
): Promise<"none" | "same" | "changed" | { otherFormat: string }> {
  const row = await storedRecord(db, projectId, t.externalId);
  if (row === undefined) return "none";
  if (row.format !== t.format) return { otherFormat: row.format };
  return row.raw === JSON.stringify(t.raw) ? "same" : "changed";
}

/** The stored record (`raw`, as received) of the session with this external id in the project, with its format. */
export async function storedRecord(
  db: Db,
  projectId: number,
  externalId: string,
): Promise<{ format: string; raw: string } | undefined> {
  return sessionRaw.get(db, projectId, externalId);
}

/** A session to store, or to replace with a new assembly of it (`replaceSessions`). */
export interface SessionToStore {
  projectId: number;
  slug: string;
  t: Session;
  /** Undefined keeps a person's earlier override, null clears it, a value sets it. */
  outcome?: Override | null;
  /** How its first arrival reinforces its tool sequence's pattern: the pattern's next state from what is stored of it. */
  reinforce?: { sequence: string; next: (existing: PatternUses | undefined) => ToolPattern };
  /** Who uploaded it now; undefined keeps the uploader stored. */
  uploader?: Uploader | null;
}

/**
 * Stores sessions, or replaces them with new assemblies of them (a transcript grew, a sub-agent arrived, or a person
 * judged an outcome), keeping their ids so links stay valid; their session rows go in together (on PostgreSQL
 * a statement, whose triggers run once, for many), their other rows wait in `writes` (`writeSessions`). A session
 * stored for the first time is a use of its tool sequence: `reinforce` stores that pattern's next state, its memory
 * beside the session's. Call inside the caller's transaction, holding the sessions' keys, their patterns' and their
 * projects' rows (`lockSessions`, `lockPatterns`, `lockProjects`). Answers each session's row id, and whether it
 * replaced a stored one, in order.
 */
export async function replaceSessions(
  db: Db,
  rules: RowRules,
  sessions: readonly SessionToStore[],
  writes: SessionWrites,
): Promise<{ id: number; replaced: boolean }[]> {
  const replacing = [];
  for (const s of sessions) {
    const existing = await findSession.get(db, s.projectId, s.t.externalId, s.t.format);
    if (existing) await deleteSession.run(db, existing.id);
    const kept = existing?.overriddenAt ? { score: existing.score, at: existing.overriddenAt } : undefined;
    const override = s.outcome === undefined ? kept : (s.outcome ?? undefined);
    // A session stored again without an uploader (a person's verdict on its outcome) keeps who uploaded it.
    const uploader =
      s.uploader ??
      (existing?.label ? { userId: existing.userId, tokenId: existing.tokenId, label: existing.label } : null);
    replacing.push({
      ...s,
      existing,
      session: rules.session(s.projectId, s.t, { id: existing?.id, override, uploader }),
    });
  }
  const ids = await insertSessions(
    db,
    replacing.map(({ session }) => session.row),
  );
  const stored: { id: number; replaced: boolean }[] = [];
  for (const [i, { projectId, slug, t, reinforce, existing, session }] of replacing.entries()) {
    const id = ids[i];
    // The caller holds the session's key and has deleted what was stored under its id: nothing else can hold it.
    if (id === undefined)
      throw new Error(`session ${t.externalId} of project "${slug}" was stored again while its key was held`);
    collectRows(rules, writes.rows, projectId, slug, session, id);
    writes.activity.set(projectId, Math.max(writes.activity.get(projectId) ?? 0, t.endedAt ?? t.startedAt));
    if (!existing && reinforce) {
      const uses = await findPattern(db, projectId, reinforce.sequence);
      await storePattern(db, rules, writes.rows, projectId, slug, reinforce.next(uses), { existing: uses }, t.format);
    }
    await writeRowsIfFull(db, writes.rows);
    stored.push({ id, replaced: existing !== undefined });
  }
  return stored;
}

/** One session, as `replaceSessions` stores several, its rows written at once. */
export async function replaceSession(
  db: Db,
  rules: RowRules,
  session: SessionToStore,
): Promise<{ id: number; replaced: boolean }> {
  const writes = sessionWrites();
  const [stored] = await replaceSessions(db, rules, [session], writes);
  await writeSessions(db, writes);
  return stored!;
}

/**
 * What the sessions stored in one transaction leave to write (`replaceSessions`, `storeRecordSets`): their
 * operations', files' and memories' rows, written a statement each for many sessions, and each project's latest
 * activity, set once.
 */
export interface SessionWrites {
  rows: Rows;
  /** Project id → the latest end (or start) of its sessions stored. */
  activity: Map<number, number>;
}

export const sessionWrites = (): SessionWrites => ({ rows: noRows(), activity: new Map() });

/** Writes what the sessions stored left (`SessionWrites`); inside their transaction, after the last of them. */
export async function writeSessions(db: Db, writes: SessionWrites): Promise<void> {
  await writeRows(db, writes.rows);
  for (const [projectId, at] of writes.activity) await touchProject.run(db, at, projectId);
  writes.activity.clear();
}
