import "server-only";
import {
  fileRows,
  memoryRow,
  operationRows,
  sessionMemoryRow,
  trajectoryRow,
  type FileRow,
  type MemoryRow,
  type OperationRow,
  type Override,
  type StoredTrajectory,
} from "@/lib/ingest/stored-rows";
import { classifyPattern } from "@/lib/learn/classify";
import { patternMemory } from "@/lib/learn/memory";
import type { PatternUses } from "@/lib/learn/tool-sequence";
import type { ToolPattern, Trajectory } from "@/lib/trajectory";
import { transaction, type Db } from "../client";
import { statement } from "../engine/statement";

export type { Override } from "@/lib/ingest/stored-rows";

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

/**
 * The write path of ingest. Hot (thousands of rows per second), so it runs module-level statements, which the
 * executor keeps prepared, inside one transaction per file.
 *
 * A session's operations, files and memory are collected while its file's sessions are inserted, then written
 * by one statement per table (`writeRows`), the rows passed as one JSON array: a statement per row costs more
 * than the row, and memories must come in one statement anyway. FTS5 flushes its pending index to disk at every
 * statement savepoint, which each insert into a table with triggers (trajectories, memories) opens, so memories
 * written row by row between the sessions each became an index segment of their own, with the merges that follow
 * (a fifth to a third of ingest's time). JSON carries every value exactly (text, lone surrogates included, and numbers), and
 * each column's affinity stores it as a bound value would be.
 */

const findProjectId = statement<{ id: number }>(`SELECT id FROM projects WHERE slug = ?`);
const insertProject = statement<{ id: number }>(`INSERT INTO projects (slug, name) VALUES (?, ?) RETURNING id`);
const touchProject = statement(`UPDATE projects SET last_activity_at = max(coalesce(last_activity_at, 0), ?) WHERE id = ?`);

/** The columns of a session's `trajectories` row, in the order of the insert's placeholders. */
const TRAJECTORY_COLUMNS = [
  "id", "project_id", "format", "external_id", "session_id", "agent", "task", "domain", "category",
  "started_at", "ended_at", "duration_ms", "prompt_count", "prompts", "success_score", "success_source", "success_signals", "success_score_unverified", "critique",
  "models", "git_branch", "tokens_input", "tokens_output", "tokens_cache_read", "tokens_cache_creation", "tokens_by_model", "tool_breakdown",
  "operation_count", "files_modified_count", "files_read_count", "verified_after_edit", "verification_passed",
  "read_before_edit_ratio", "blind_edits", "delegated", "tool_errors", "interruptions", "shell_ops", "raw",
  "original_score", "original_source", "overridden_at",
] as const satisfies readonly (keyof StoredTrajectory["row"])[];

/** Answers the new row's id, or nothing when the project already holds the session. */
const insertTrajectory = statement<{ id: number }>(
  `INSERT INTO trajectories (${TRAJECTORY_COLUMNS.join(", ")})
   VALUES (${TRAJECTORY_COLUMNS.map(() => "?").join(", ")})
   ON CONFLICT(project_id, external_id) DO NOTHING
   RETURNING id`,
);
const insertOperations = statement(
  `INSERT INTO operations (trajectory_id, seq, tool, file, command, is_error, at, delegated, output)
   SELECT value ->> 'trajectory_id', value ->> 'seq', value ->> 'tool', value ->> 'file', value ->> 'command',
     value ->> 'is_error', value ->> 'at', value ->> 'delegated', value ->> 'output'
   FROM json_each(?)`,
);
const insertFiles = statement(
  `INSERT OR IGNORE INTO trajectory_files (trajectory_id, role, path)
   SELECT value ->> 'trajectory_id', value ->> 'role', value ->> 'path' FROM json_each(?)`,
);
/** In array order, so a source given twice ends as the second (as if inserted one by one). */
const insertMemories = statement(
  `INSERT INTO memories (project_id, category, content, tags, confidence, source, trajectory_id, pattern_id, created_at)
   SELECT value ->> 'project_id', value ->> 'category', value ->> 'content', value ->> 'tags', value ->> 'confidence',
     value ->> 'source', value ->> 'trajectory_id', value ->> 'pattern_id', value ->> 'created_at'
   FROM json_each(?) WHERE true ORDER BY key
   ON CONFLICT(source) DO UPDATE SET category = excluded.category, content = excluded.content, tags = excluded.tags,
     confidence = excluded.confidence, pattern_id = excluded.pattern_id,
     updated_at = cast(unixepoch('subsec') * 1000 as integer),
     reinforced_at = max(coalesce(memories.reinforced_at, memories.created_at), excluded.created_at)`,
);
const findSession = statement<{ id: number; score: number; overriddenAt: number | null }>(
  `SELECT id, success_score AS score, overridden_at AS overriddenAt FROM trajectories WHERE project_id = ? AND external_id = ? AND format = ?`,
);
const deleteSession = statement(`DELETE FROM trajectories WHERE id = ?`);
const sessionRaw = statement<{ format: string; raw: string }>(`SELECT format, raw FROM trajectories WHERE project_id = ? AND external_id = ?`);
const findPatternUses = statement<PatternUses>(
  `SELECT id, count, avg_success AS avgSuccess, type, discovered_at AS discoveredAt FROM tool_patterns WHERE project_id = ? AND sequence = ?`,
);
const upsertPattern = statement<{ id: number }>(
  `INSERT INTO tool_patterns (project_id, sequence, type, count, avg_success, category, discovered_at, last_seen)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT(project_id, sequence) DO UPDATE SET type = excluded.type, count = excluded.count,
     avg_success = excluded.avg_success, category = excluded.category, last_seen = excluded.last_seen,
     updated_at = cast(unixepoch('subsec') * 1000 as integer)
   RETURNING id`,
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

/** Writes the rows collected so far and empties `rows`. */
async function writeRows(db: Db, rows: Rows): Promise<void> {
  if (rows.operations.length > 0) await insertOperations.run(db, JSON.stringify(rows.operations));
  if (rows.files.length > 0) await insertFiles.run(db, JSON.stringify(rows.files));
  if (rows.memories.length > 0) await insertMemories.run(db, JSON.stringify(rows.memories));
  Object.assign(rows, noRows());
}

/** Writes the rows collected so far once they are SESSIONS_PER_WRITE sessions' and patterns' (one memory each). */
async function writeRowsIfFull(db: Db, rows: Rows): Promise<void> {
  if (rows.memories.length >= SESSIONS_PER_WRITE) await writeRows(db, rows);
}

async function storeTrajectory(
  db: Db,
  rows: Rows,
  projectId: number,
  slug: string,
  source: Trajectory,
  keep: { id?: number; override?: Override } = {},
): Promise<number | null> {
  const session = trajectoryRow(projectId, source, keep);
  const inserted = await insertTrajectory.get(db, ...TRAJECTORY_COLUMNS.map((column) => session.row[column]));
  if (inserted === undefined) return null;
  const trajectoryId = inserted.id;
  for (const row of operationRows(trajectoryId, session.stored)) rows.operations.push(row);
  for (const row of fileRows(trajectoryId, session.stored)) rows.files.push(row);
  rows.memories.push(sessionMemoryRow(projectId, slug, session, trajectoryId));
  return trajectoryId;
}

async function storePattern(db: Db, rows: Rows, projectId: number, slug: string, p: ToolPattern): Promise<boolean> {
  const existing = await findPatternUses.get(db, projectId, p.sequence);
  if (existing && existing.count === p.count && existing.avgSuccess === p.avgSuccess) return false;
  const category = classifyPattern({ avgSuccess: p.avgSuccess, count: p.count });
  const { id } = (await upsertPattern.get(db, projectId, p.sequence, p.type, p.count, p.avgSuccess, category, p.discoveredAt, p.lastSeen))!;
  rows.memories.push(memoryRow(projectId, patternMemory(slug, p, category), { patternId: id }, p.lastSeen));
  return true;
}

/** What is stored of the project's pattern of this tool sequence, if any. */
export async function findPattern(db: Db, projectId: number, sequence: string): Promise<PatternUses | undefined> {
  return findPatternUses.get(db, projectId, sequence);
}

/** Stores a pattern's new state, with its memory. Call inside the caller's transaction. */
export async function savePattern(db: Db, projectId: number, slug: string, p: ToolPattern): Promise<void> {
  const rows = noRows();
  await storePattern(db, rows, projectId, slug, p);
  await writeRows(db, rows);
}

/** The project's id, creating the project if new. */
export async function ensureProject(db: Db, slug: string): Promise<number> {
  const found = ((await findProjectId.get(db, slug)) ?? (await insertProject.get(db, slug, slug)))!;
  return found.id;
}

/**
 * Stores one parsed file's records for a project, creating the project if new, in one transaction:
 * either every valid record of the file is stored, or (on failure) none is. Records already stored
 * (same project and external id, or an unchanged pattern) are counted as duplicates.
 */
export async function storeRecords(
  db: Db,
  slug: string,
  records: { trajectories: readonly Trajectory[]; patterns: readonly ToolPattern[] },
): Promise<StoreResult> {
  return transaction(db, async () => {
    const projectId = await ensureProject(db, slug);
    const rows = noRows();
    let accepted = 0;
    let latest = 0;
    for (const t of records.trajectories) {
      if ((await storeTrajectory(db, rows, projectId, slug, t)) !== null) {
        accepted++;
        latest = Math.max(latest, t.endedAt ?? t.startedAt);
        await writeRowsIfFull(db, rows);
      }
    }
    for (const p of records.patterns) {
      if (await storePattern(db, rows, projectId, slug, p)) {
        accepted++;
        latest = Math.max(latest, p.lastSeen ?? 0);
        await writeRowsIfFull(db, rows);
      }
    }
    await writeRows(db, rows);
    if (accepted > 0) await touchProject.run(db, latest || Date.now(), projectId);
    return { accepted, duplicates: records.trajectories.length + records.patterns.length - accepted };
  });
}

/**
 * What is stored under a session's external id in the project: nothing, the same record (its `raw`, as received),
 * another version of it (the file grew), or a trajectory of another format holding that id.
 */
export async function storedSession(db: Db, projectId: number, t: Trajectory): Promise<"none" | "same" | "changed" | { otherFormat: string }> {
  const row = await sessionRaw.get(db, projectId, t.externalId);
  if (row === undefined) return "none";
  if (row.format !== t.format) return { otherFormat: row.format };
  return row.raw === JSON.stringify(t.raw) ? "same" : "changed";
}

/** The stored record (`raw`, as received) of the session with this external id in the project, with its format. */
export async function storedRecord(db: Db, projectId: number, externalId: string): Promise<{ format: string; raw: string } | undefined> {
  return sessionRaw.get(db, projectId, externalId);
}

/**
 * Stores a session, or replaces it with a new assembly of it (a transcript grew, a sub-agent arrived, or a
 * person judged its outcome), keeping its id so links stay valid. `outcome`: undefined keeps a person's earlier
 * override, null clears it, a value sets it. Call inside the caller's transaction. Returns the row id, and whether
 * it replaced a stored session.
 */
export async function replaceSession(db: Db, projectId: number, slug: string, t: Trajectory, outcome?: Override | null): Promise<{ id: number; replaced: boolean }> {
  const existing = await findSession.get(db, projectId, t.externalId, t.format);
  if (existing) await deleteSession.run(db, existing.id);
  const kept = existing?.overriddenAt ? { score: existing.score, at: existing.overriddenAt } : undefined;
  const override = outcome === undefined ? kept : (outcome ?? undefined);
  const rows = noRows();
  const id = (await storeTrajectory(db, rows, projectId, slug, t, { id: existing?.id, override }))!;
  await writeRows(db, rows);
  await touchProject.run(db, t.endedAt ?? t.startedAt, projectId);
  return { id, replaced: existing !== undefined };
}
