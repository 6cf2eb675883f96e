import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { jsonParameter, lockKey, transaction, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { experiments, guidanceDeliveries } from "@/db/schema";
import type { Arm, EnrolledSession, SessionOutcome } from "@/lib/experiment/contract";
import type { ModelTokens, Prompt } from "@/lib/session";

/** One period of a project's experiment; the open one has `endedAt` null. */
export type ExperimentPeriod = typeof experiments.$inferSelect;

export type Delivery = typeof guidanceDeliveries.$inferSelect;

/** The project's open period, or null before its first delivery or setting change. */
export async function openPeriod(db: Db, projectId: number): Promise<ExperimentPeriod | null> {
  return (
    (await db
      .select()
      .from(experiments)
      .where(and(eq(experiments.projectId, projectId), isNull(experiments.endedAt)))
      .orderBy(desc(experiments.id))
      .limit(1)
      .get()) ?? null
  );
}

/**
 * Inside a transaction: waits for any other transaction that opens or ends one of the project's periods. SQLite's
 * IMMEDIATE transactions are one writer at a time already; on PostgreSQL (READ COMMITTED) the project's lock, taken
 * before the open period is read, is what keeps two processes from opening two periods.
 */
const lockPeriods = (db: Db, projectId: number) => lockKey(db, `experiment-period:${projectId}`);

/**
 * The open period, created (holdout off, with `salt`, starting at `startedAt`) when there is none — in one
 * transaction under the project's period lock, so concurrent first deliveries (even from other processes) share
 * one period.
 */
export async function ensureOpenPeriod(
  db: Db,
  projectId: number,
  salt: string,
  startedAt: number,
): Promise<ExperimentPeriod> {
  return transaction(db, async (): Promise<ExperimentPeriod> => {
    await lockPeriods(db, projectId);
    return (
      (await openPeriod(db, projectId)) ??
      db.insert(experiments).values({ projectId, holdoutShare: 0, salt, startedAt }).returning().get()
    );
  });
}

/**
 * Ends the open period (if any) at `now` and starts another with this share and salt, in one transaction under the
 * project's period lock, so that a concurrent change or first delivery never leaves two periods open.
 */
export async function startPeriod(
  db: Db,
  projectId: number,
  holdoutShare: number,
  salt: string,
  now: number,
): Promise<ExperimentPeriod> {
  return transaction(db, async (): Promise<ExperimentPeriod> => {
    await lockPeriods(db, projectId);
    await db
      .update(experiments)
      .set({ endedAt: now })
      .where(and(eq(experiments.projectId, projectId), isNull(experiments.endedAt)))
      .run();
    return db.insert(experiments).values({ projectId, holdoutShare, salt, startedAt: now }).returning().get();
  });
}

export interface NewDelivery {
  experimentId: number;
  projectId: number;
  sessionId: string;
  arm: Arm;
  generation: number | null;
  rules: string[];
  /** The rules of `rules` the factorial draw left out of the session's guidance ([] for the holdout, or with the holdout off). */
  leftOut?: string[];
}

/**
 * Records that a session asked for guidance. A session asking again in the same period (a retried hook) keeps
 * its first arm, generation and rules; only `requests` grows. Returns the stored row.
 */
export async function recordDelivery(db: Db, delivery: NewDelivery): Promise<Delivery> {
  return db
    .insert(guidanceDeliveries)
    .values(delivery)
    .onConflictDoUpdate({
      target: [guidanceDeliveries.experimentId, guidanceDeliveries.sessionId],
      set: { requests: sql`${guidanceDeliveries.requests} + 1` },
    })
    .returning()
    .get();
}

interface EnrolledRow {
  sessionId: string;
  arm: Arm;
  deliveredAt: number;
  generation: number | null;
  rules: string;
  storedSessionId: number | null;
  startedAt: number | null;
  success: number | null;
  operationCount: number | null;
  filesModified: number | null;
  verifiedAfterEdit: number | null;
  readBeforeEditRatio: number | null;
  delegated: number | null;
  tokensByModel: string | null;
  durationMs: number | null;
  toolErrors: number | null;
  interruptions: number | null;
  prompts: string | null;
}

const flag = (value: number | null) => (value === null ? null : value !== 0);

/**
 * An enrolled session as stored: its outcome with the person's prompts and its failed operations' outputs, which
 * lib/server reads its corrections and failure signatures from (lib/experiment).
 */
export interface EnrolledRecord extends Omit<EnrolledSession, "outcome"> {
  outcome:
    | (Omit<SessionOutcome, "corrections" | "failureSignatures" | "failureCounts"> & {
        prompts: Prompt[];
        failedOutputs: (string | null)[];
      })
    | null;
}

function toEnrolled(row: EnrolledRow, failures: ReadonlyMap<number, (string | null)[]>): EnrolledRecord {
  return {
    sessionId: row.sessionId,
    arm: row.arm,
    deliveredAt: row.deliveredAt,
    generation: row.generation,
    rules: JSON.parse(row.rules) as string[],
    outcome:
      row.storedSessionId === null
        ? null
        : {
            storedSessionId: row.storedSessionId,
            startedAt: row.startedAt!,
            success: row.success!,
            features: {
              operationCount: row.operationCount,
              filesModified: row.filesModified,
              verifiedAfterEdit: flag(row.verifiedAfterEdit),
              readBeforeEditRatio: row.readBeforeEditRatio,
              delegated: flag(row.delegated),
            },
            tokensByModel: JSON.parse(row.tokensByModel ?? "{}") as Record<string, ModelTokens>,
            durationMs: row.durationMs,
            toolErrors: row.toolErrors,
            interruptions: row.interruptions,
            prompts: JSON.parse(row.prompts ?? "[]") as Prompt[],
            failedOutputs: failures.get(row.storedSessionId) ?? [],
          },
  };
}

/**
 * The period's deliveries, oldest first, each with its session's transcript when one has arrived (whenever it
 * arrived: linked by project and session id; if a session id has several sessions, the latest stored).
 */
export async function enrolledSessions(db: Db, experimentId: number): Promise<EnrolledRecord[]> {
  const rows = await statement<EnrolledRow>(
    `SELECT d.session_id AS "sessionId", d.arm, d.delivered_at AS "deliveredAt", d.generation, d.rules,
              t.id AS "storedSessionId", t.started_at AS "startedAt", t.success_score AS success,
              t.operation_count AS "operationCount", t.files_modified_count AS "filesModified",
              t.verified_after_edit AS "verifiedAfterEdit", t.read_before_edit_ratio AS "readBeforeEditRatio", t.delegated,
              t.tokens_by_model AS "tokensByModel", t.duration_ms AS "durationMs", t.tool_errors AS "toolErrors",
              t.interruptions, t.prompts
       FROM guidance_deliveries d
       LEFT JOIN sessions t ON t.id = (
         SELECT max(x.id) FROM sessions x WHERE x.project_id = d.project_id AND x.session_id = d.session_id
       )
       WHERE d.experiment_id = ?
       ORDER BY d.delivered_at, d.id`,
  ).all(db, experimentId);
  const ids = rows.flatMap((r) => (r.storedSessionId === null ? [] : [r.storedSessionId]));
  const failures = new Map<number, (string | null)[]>();
  if (ids.length > 0) {
    for (const f of await failedOutputs.all(db, jsonParameter(db, ids)))
      failures.set(f.storedSessionId, [...(failures.get(f.storedSessionId) ?? []), f.output]);
  }
  return rows.map((row) => toEnrolled(row, failures));
}

/** The outputs of the failed operations of these sessions (a JSON array of ids): what their failures' signatures are read from. */
const failedOutputs = statement<{ storedSessionId: number; output: string | null }>({
  sqlite: `SELECT session_id AS "storedSessionId", output FROM operations
    WHERE session_id IN (SELECT value FROM json_each(?)) AND is_error AND output IS NOT NULL ORDER BY session_id, seq`,
  postgresql: `SELECT session_id AS "storedSessionId", output FROM operations
    WHERE session_id IN (SELECT CAST(value AS bigint) FROM jsonb_array_elements_text(CAST(? AS jsonb))) AND is_error = 1 AND output IS NOT NULL
    ORDER BY session_id, seq`,
});

/** The sources of the project's failure knowledge memories, each with its creation (what lib/experiment/known-mistakes.ts reads). */
export async function failureMemories(db: Db, projectId: number): Promise<{ source: string; createdAt: number }[]> {
  const rows = await statement<{ source: string; createdAt: number }>(
    `SELECT source, created_at AS "createdAt" FROM memories WHERE project_id = ? AND category = 'error' AND source LIKE '%:knowledge:failure:command:%'`,
  ).all(db, projectId);
  return rows.map((r) => ({ source: r.source, createdAt: Number(r.createdAt) }));
}

/**
 * Sessions of the project that started at or after `since` and never asked for guidance in the period
 * (`experimentId` null: no period yet, so none asked). Sessions without a session id count too.
 */
export async function notEnrolledCount(
  db: Db,
  projectId: number,
  experimentId: number | null,
  since: number,
): Promise<number> {
  const row = (await statement<{ n: number }>(
    `SELECT count(*) AS n FROM sessions t
       WHERE t.project_id = ? AND t.started_at >= ?
         AND NOT EXISTS (SELECT 1 FROM guidance_deliveries d WHERE d.experiment_id = ? AND d.session_id = t.session_id)`,
  ).get(db, projectId, since, experimentId))!;
  return row.n;
}
