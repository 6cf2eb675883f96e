import "server-only";
import { preparedFor } from "../prepared";
import type Database from "better-sqlite3";
import { classifyPattern, classifyTrajectory } from "@/lib/learn/classify";
import { computeFeatures } from "@/lib/learn/features";
import { recordUse, toolSequence } from "@/lib/learn/tool-sequence";
import { patternMemory, trajectoryMemory } from "@/lib/learn/memory";
import type { MemoryDraft, ToolPattern, Trajectory } from "@/lib/trajectory";
import type { Db } from "../client";

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

/**
 * The write path of ingest. Hot (thousands of rows per second), so it runs prepared better-sqlite3
 * statements, cached per connection, inside one transaction per file.
 */
function statements(sqlite: Database.Database) {
  return {
    findProject: sqlite.prepare(`SELECT id FROM projects WHERE slug = ?`),
    insertProject: sqlite.prepare(`INSERT INTO projects (slug, name) VALUES (?, ?) RETURNING id`),
    touchProject: sqlite.prepare(
      `UPDATE projects SET last_activity_at = max(coalesce(last_activity_at, 0), ?) WHERE id = ?`,
    ),
    insertTrajectory: sqlite.prepare(
      `INSERT INTO trajectories (id, project_id, format, external_id, session_id, agent, task, domain, category,
         started_at, ended_at, duration_ms, prompt_count, success_score, success_source, success_signals, critique,
         models, git_branch, tokens_input, tokens_output, tokens_cache_read, tokens_cache_creation, tool_breakdown,
         operation_count, files_modified_count, files_read_count, verified_after_edit, verification_passed,
         read_before_edit_ratio, blind_edits, delegated, tool_errors, interruptions, shell_ops, raw,
         original_score, original_source, overridden_at)
       VALUES (@id, @projectId, @format, @externalId, @sessionId, @agent, @task, @domain, @category,
         @startedAt, @endedAt, @durationMs, @promptCount, @successScore, @successSource, @successSignals, @critique,
         @models, @gitBranch, @tokensInput, @tokensOutput, @tokensCacheRead, @tokensCacheCreation, @toolBreakdown,
         @operationCount, @filesModifiedCount, @filesReadCount, @verifiedAfterEdit, @verificationPassed,
         @readBeforeEditRatio, @blindEdits, @delegated, @toolErrors, @interruptions, @shellOps, @raw,
         @originalScore, @originalSource, @overriddenAt)
       ON CONFLICT(project_id, external_id) DO NOTHING`,
    ),
    insertOperation: sqlite.prepare(
      `INSERT INTO operations (trajectory_id, seq, tool, file, command, is_error, at, delegated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertFile: sqlite.prepare(`INSERT OR IGNORE INTO trajectory_files (trajectory_id, role, path) VALUES (?, ?, ?)`),
    insertMemory: sqlite.prepare(
      `INSERT INTO memories (project_id, category, content, tags, confidence, source, trajectory_id, pattern_id, created_at)
       VALUES (@projectId, @category, @content, @tags, @confidence, @source, @trajectoryId, @patternId, @learnedAt)
       ON CONFLICT(source) DO UPDATE SET category = excluded.category, content = excluded.content, tags = excluded.tags,
         confidence = excluded.confidence, pattern_id = excluded.pattern_id,
         updated_at = cast(unixepoch('subsec') * 1000 as integer),
         reinforced_at = max(coalesce(memories.reinforced_at, memories.created_at), excluded.created_at)`,
    ),
    findSession: sqlite.prepare(
      `SELECT id, success_score AS score, overridden_at AS overriddenAt FROM trajectories WHERE project_id = ? AND external_id = ?`,
    ),
    deleteSession: sqlite.prepare(`DELETE FROM trajectories WHERE id = ?`),
    findPattern: sqlite.prepare(
      `SELECT id, count, avg_success AS avgSuccess, type, discovered_at AS discoveredAt FROM tool_patterns WHERE project_id = ? AND sequence = ?`,
    ),
    upsertPattern: sqlite.prepare(
      `INSERT INTO tool_patterns (project_id, sequence, type, count, avg_success, category, discovered_at, last_seen)
       VALUES (@projectId, @sequence, @type, @count, @avgSuccess, @category, @discoveredAt, @lastSeen)
       ON CONFLICT(project_id, sequence) DO UPDATE SET type = excluded.type, count = excluded.count,
         avg_success = excluded.avg_success, category = excluded.category, last_seen = excluded.last_seen,
         updated_at = cast(unixepoch('subsec') * 1000 as integer)
       RETURNING id`,
    ),
  };
}

type Statements = ReturnType<typeof statements>;
const prepared = preparedFor(statements);

const bool = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/**
 * A memory is learned when its evidence happened (the session's end, the pattern's last sighting), not when it
 * was uploaded, so importing old history does not make old lessons look fresh; its decay counts from then.
 */
function memoryParams(projectId: number, draft: MemoryDraft, link: { trajectoryId?: number; patternId?: number }, evidenceAt: number | null) {
  return {
    learnedAt: Math.min(evidenceAt ?? Date.now(), Date.now()),
    projectId,
    category: draft.category,
    content: draft.content,
    tags: draft.tags.join(" "),
    confidence: draft.confidence,
    source: draft.source,
    trajectoryId: link.trajectoryId ?? null,
    patternId: link.patternId ?? null,
  };
}

/** A person's verdict that replaces the score (kept across re-ingests of the same session). */
export interface Override {
  score: number;
  at: number;
}

function storeTrajectory(
  s: Statements,
  projectId: number,
  slug: string,
  source: Trajectory,
  keep: { id?: number; override?: Override } = {},
): number | null {
  const { override } = keep;
  const t: Trajectory = override ? { ...source, success: { ...source.success, score: override.score, source: "override" } } : source;
  const features = computeFeatures(t);
  const category = classifyTrajectory({ score: t.success.score, filesModified: t.filesModified, domain: features.domain });
  const result = s.insertTrajectory.run({
    id: keep.id ?? null,
    projectId,
    format: t.format,
    externalId: t.externalId,
    sessionId: t.sessionId,
    agent: t.agent,
    task: t.task,
    domain: features.domain,
    category,
    startedAt: t.startedAt,
    endedAt: t.endedAt,
    durationMs: t.durationMs,
    promptCount: t.promptCount,
    successScore: t.success.score,
    successSource: t.success.source,
    successSignals: JSON.stringify(t.success.signals),
    critique: t.critique,
    models: JSON.stringify(t.models),
    gitBranch: t.gitBranch,
    tokensInput: t.tokens?.input ?? null,
    tokensOutput: t.tokens?.output ?? null,
    tokensCacheRead: t.tokens?.cacheRead ?? null,
    tokensCacheCreation: t.tokens?.cacheCreation ?? null,
    toolBreakdown: JSON.stringify(t.toolBreakdown),
    operationCount: features.operationCount,
    filesModifiedCount: features.filesModifiedCount,
    filesReadCount: features.filesReadCount,
    verifiedAfterEdit: bool(features.verifiedAfterEdit),
    verificationPassed: bool(features.verificationPassed),
    readBeforeEditRatio: features.readBeforeEditRatio,
    blindEdits: features.blindEdits,
    delegated: bool(features.delegated),
    toolErrors: features.toolErrors,
    interruptions: features.interruptions,
    shellOps: features.shellOps,
    raw: JSON.stringify(t.raw),
    originalScore: override ? source.success.score : null,
    originalSource: override ? source.success.source : null,
    overriddenAt: override?.at ?? null,
  });
  if (result.changes === 0) return null;
  const trajectoryId = Number(result.lastInsertRowid);
  for (const op of t.operations ?? []) {
    s.insertOperation.run(trajectoryId, op.seq, op.tool, op.file, op.command, op.isError ? 1 : 0, op.at, op.delegated ? 1 : 0);
  }
  for (const path of t.filesRead) s.insertFile.run(trajectoryId, "read", path);
  for (const path of t.filesModified) s.insertFile.run(trajectoryId, "modified", path);
  s.insertMemory.run(memoryParams(projectId, trajectoryMemory(slug, t, features, category), { trajectoryId }, t.endedAt ?? t.startedAt));
  return trajectoryId;
}

interface StoredPattern {
  count: number;
  avgSuccess: number;
  type: string | null;
  discoveredAt: number | null;
}

function storePattern(s: Statements, projectId: number, slug: string, p: ToolPattern): boolean {
  const existing = s.findPattern.get(projectId, p.sequence) as StoredPattern | undefined;
  if (existing && existing.count === p.count && existing.avgSuccess === p.avgSuccess) return false;
  const category = classifyPattern({ avgSuccess: p.avgSuccess, count: p.count });
  const { id } = s.upsertPattern.get({ projectId, category, ...p }) as { id: number };
  s.insertMemory.run(memoryParams(projectId, patternMemory(slug, p, category), { patternId: id }, p.lastSeen));
  return true;
}

/**
 * A new session whose tool sequence recurs reinforces that pattern (one more use, running mean of success,
 * its memory's decay restarted) instead of adding a memory of its own; a new sequence starts a pattern.
 */
function recordSequence(s: Statements, projectId: number, slug: string, t: Trajectory): void {
  const sequence = t.operations ? toolSequence(t.operations) : null;
  if (!sequence) return;
  const existing = s.findPattern.get(projectId, sequence) as StoredPattern | undefined;
  storePattern(s, projectId, slug, {
    sequence,
    type: existing?.type ?? t.domain,
    ...recordUse(existing, t.success.score),
    discoveredAt: existing?.discoveredAt ?? t.startedAt,
    lastSeen: t.endedAt ?? t.startedAt,
  });
}

/** The project's id, creating the project if new. */
export function ensureProject(db: Db, slug: string): number {
  const s = prepared(db);
  const found = (s.findProject.get(slug) ?? s.insertProject.get(slug, slug)) as { id: number };
  return found.id;
}

/**
 * Stores one parsed file's records for a project, creating the project if new, in one transaction:
 * either every valid record of the file is stored, or (on failure) none is. Records already stored
 * (same project and external id, or an unchanged pattern) are counted as duplicates.
 */
export function storeRecords(
  db: Db,
  slug: string,
  records: { trajectories: readonly Trajectory[]; patterns: readonly ToolPattern[] },
): StoreResult {
  const s = prepared(db);
  return db.$client.transaction(() => {
    const projectId = ensureProject(db, slug);
    let accepted = 0;
    let latest = 0;
    for (const t of records.trajectories) {
      if (storeTrajectory(s, projectId, slug, t) !== null) {
        accepted++;
        latest = Math.max(latest, t.endedAt ?? t.startedAt);
      }
    }
    for (const p of records.patterns) {
      if (storePattern(s, projectId, slug, p)) {
        accepted++;
        latest = Math.max(latest, p.lastSeen ?? 0);
      }
    }
    if (accepted > 0) s.touchProject.run(latest || Date.now(), projectId);
    return { accepted, duplicates: records.trajectories.length + records.patterns.length - accepted };
  })();
}

/**
 * Stores a session, or replaces it with a new assembly of it (a transcript grew, a sub-agent arrived, or a
 * person judged its outcome), keeping its id so links stay valid. Only a session's first arrival counts as a
 * use of its tool sequence. `outcome`: undefined keeps a person's earlier override, null
 * clears it, a value sets it. Call inside the caller's transaction. Returns the row id.
 */
export function replaceSession(db: Db, projectId: number, slug: string, t: Trajectory, outcome?: Override | null): number {
  const s = prepared(db);
  const existing = s.findSession.get(projectId, t.externalId) as { id: number; score: number; overriddenAt: number | null } | undefined;
  if (existing) s.deleteSession.run(existing.id);
  const kept = existing?.overriddenAt ? { score: existing.score, at: existing.overriddenAt } : undefined;
  const override = outcome === undefined ? kept : (outcome ?? undefined);
  const id = storeTrajectory(s, projectId, slug, t, { id: existing?.id, override })!;
  if (!existing) recordSequence(s, projectId, slug, t);
  s.touchProject.run(t.endedAt ?? t.startedAt, projectId);
  return id;
}
