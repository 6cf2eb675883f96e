import { shortNames } from "@/lib/ingest/identifier-limits";
import { classifySession } from "@/lib/learn/classify";
import { computeFeatures } from "@/lib/learn/features";
import { scoreWithoutVerification } from "@/lib/learn/success";
import { sessionMemory } from "@/lib/learn/memory";
import type { MemoryDraft, Session } from "@/lib/session";

/**
 * The rows ingest stores for a session, keyed by column name: its `sessions` row (with the features and the
 * category learned from it), its `operations`, its `session_files` and a `memories` row. Pure, so the write
 * path (db/queries/session-writes.ts) and the ingest benchmark's bare-insert baselines (scripts/bench/bare-rows.ts) store
 * exactly the same values.
 */

/** A person's verdict that replaces the score (kept across re-ingests of the same session). */
export interface Override {
  score: number;
  at: number;
}

/**
 * Who uploaded a session (docs/trust-model.md#provenance): the user and token a request came with, and in words
 * ("a@b.c (token sl_ab12…)", "server folder sync"), so the label outlives a deleted user or token.
 */
export interface Uploader {
  userId: number | null;
  tokenId: number | null;
  label: string;
}

const bool = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/**
 * The session's `sessions` row (`id` null: assigned on insert), and what its memory is written from: the
 * session as stored (its score replaced by an override), its features and category.
 */
export function sessionRow(
  projectId: number,
  source: Session,
  keep: { id?: number; override?: Override; uploader?: Uploader | null } = {},
) {
  const { override } = keep;
  const named = shortNames(source);
  const t: Session = override
    ? { ...named, success: { ...named.success, score: override.score, source: "override" } }
    : named;
  const features = computeFeatures(t);
  const category = classifySession({
    score: t.success.score,
    filesModified: t.filesModified,
    domain: features.domain,
  });
  const row = {
    id: keep.id ?? null,
    project_id: projectId,
    format: t.format,
    external_id: t.externalId,
    session_id: t.sessionId,
    agent: t.agent,
    task: t.task,
    domain: features.domain,
    category,
    started_at: t.startedAt,
    ended_at: t.endedAt,
    duration_ms: t.durationMs,
    prompt_count: t.promptCount,
    prompts: JSON.stringify(t.prompts),
    success_score: t.success.score,
    success_source: t.success.source,
    success_signals: JSON.stringify(t.success.signals),
    success_score_unverified: scoreWithoutVerification(t.success),
    critique: t.critique,
    models: JSON.stringify(t.models),
    git_branch: t.gitBranch,
    tokens_input: t.tokens?.input ?? null,
    tokens_output: t.tokens?.output ?? null,
    tokens_cache_read: t.tokens?.cacheRead ?? null,
    tokens_cache_creation: t.tokens?.cacheCreation ?? null,
    tokens_by_model: JSON.stringify(t.tokensByModel),
    tool_breakdown: JSON.stringify(t.toolBreakdown),
    operation_count: features.operationCount,
    files_modified_count: features.filesModifiedCount,
    files_read_count: features.filesReadCount,
    verified_after_edit: bool(features.verifiedAfterEdit),
    verification_passed: bool(features.verificationPassed),
    read_before_edit_ratio: features.readBeforeEditRatio,
    blind_edits: features.blindEdits,
    delegated: bool(features.delegated),
    tool_errors: features.toolErrors,
    interruptions: features.interruptions,
    shell_ops: features.shellOps,
    raw: JSON.stringify(t.raw),
    original_score: override ? source.success.score : null,
    original_source: override ? source.success.source : null,
    overridden_at: override?.at ?? null,
    uploaded_by_user_id: keep.uploader?.userId ?? null,
    uploaded_by_token_id: keep.uploader?.tokenId ?? null,
    uploaded_by: keep.uploader?.label ?? null,
  };
  return { row, stored: t, features, category };
}

export type StoredSession = ReturnType<typeof sessionRow>;

/** The session's `operations` rows. */
export const operationRows = (sessionId: number, t: Session) =>
  (t.operations ?? []).map((op) => ({
    session_id: sessionId,
    seq: op.seq,
    tool: op.tool,
    file: op.file,
    command: op.command,
    is_error: op.isError ? 1 : 0,
    at: op.at,
    delegated: op.delegated ? 1 : 0,
    output: op.output,
  }));

export type OperationRow = ReturnType<typeof operationRows>[number];

/** The session's `session_files` rows: the files it read, then those it modified. */
export const fileRows = (sessionId: number, t: Session) => [
  ...t.filesRead.map((path) => ({ session_id: sessionId, role: "read", path })),
  ...t.filesModified.map((path) => ({ session_id: sessionId, role: "modified", path })),
];

export type FileRow = ReturnType<typeof fileRows>[number];

/**
 * A `memories` row. A memory is learned when its evidence happened (the session's end, the pattern's last
 * sighting), not when it was uploaded, so importing old history does not make old lessons look fresh; its decay
 * counts from then.
 */
export function memoryRow(
  projectId: number,
  draft: MemoryDraft,
  link: { sessionId?: number; patternId?: number },
  evidenceAt: number | null,
  now = Date.now(),
) {
  return {
    project_id: projectId,
    category: draft.category,
    content: draft.content,
    tags: draft.tags.join(" "),
    confidence: draft.confidence,
    source: draft.source,
    session_id: link.sessionId ?? null,
    pattern_id: link.patternId ?? null,
    created_at: Math.min(evidenceAt ?? now, now),
  };
}

export type MemoryRow = ReturnType<typeof memoryRow>;

/** The memory a stored session teaches (lib/learn/memory.ts), as its `memories` row. */
export function sessionMemoryRow(
  projectId: number,
  slug: string,
  session: StoredSession,
  sessionId: number,
): MemoryRow {
  const { stored, features, category } = session;
  return memoryRow(
    projectId,
    sessionMemory(slug, stored, features, category),
    { sessionId },
    stored.endedAt ?? stored.startedAt,
  );
}
