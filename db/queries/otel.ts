import "server-only";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { otelEvents, otelMetricPoints, sessions } from "@/db/schema";
import type { MetricPoint } from "@/lib/otlp/claude-code-metrics";
import type { OtelEvent } from "@/lib/otlp/claude-code";
import type { LiveEventGroup, LiveMetricGroup } from "@/lib/otlp/live";

/** Rows per INSERT: well under SQLite's 32,766 placeholders at 25 columns. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export interface StoredCounts {
  accepted: number;
  duplicates: number;
}

/** Stores a project's events in one transaction; an event already stored (same key) is a duplicate and changes nothing. */
export async function insertOtelEvents(
  db: Db,
  projectId: number,
  events: readonly OtelEvent[],
  uploadedBy: string,
): Promise<StoredCounts> {
  return transaction(db, async () => {
    let accepted = 0;
    for (const chunk of chunks(events)) {
      const values = chunk.map(({ key, ...event }) => ({ ...event, projectId, eventKey: key, uploadedBy }));
      accepted += (await db.insert(otelEvents).values(values).onConflictDoNothing().run()).changes;
    }
    return { accepted, duplicates: events.length - accepted };
  });
}

/**
 * Stores a project's metric points in one transaction: a point whose key is stored already replaces it only when it
 * is newer (a cumulative series' later total); the same point again changes nothing.
 */
export async function upsertOtelPoints(
  db: Db,
  projectId: number,
  points: readonly MetricPoint[],
  uploadedBy: string,
): Promise<StoredCounts> {
  return transaction(db, async () => {
    let accepted = 0;
    for (const chunk of chunks(points)) {
      const values = chunk.map(({ key, startMs, ...point }) => ({
        ...point,
        startAt: startMs,
        projectId,
        pointKey: key,
        uploadedBy,
      }));
      const result = await db
        .insert(otelMetricPoints)
        .values(values)
        .onConflictDoUpdate({
          target: [otelMetricPoints.projectId, otelMetricPoints.pointKey],
          set: { at: sql`excluded.at`, value: sql`excluded.value` },
          setWhere: sql`excluded.at > ${otelMetricPoints.at}`,
        })
        .run();
      accepted += result.changes;
    }
    return { accepted, duplicates: points.length - accepted };
  });
}

/** A session without a stored transcript in the project: its telemetry is what Starlight knows of it. */
const noTranscript = (table: typeof otelEvents | typeof otelMetricPoints) =>
  sql`not exists (select 1 from ${sessions} where ${sessions.projectId} = ${table.projectId} and ${sessions.sessionId} = ${table.sessionId})`;

/**
 * Per project, person, session and event name, the events of sessions whose transcript has not arrived, received
 * since `since`: counts, cost, failed tool results and rejected decisions (lib/otlp/live.ts makes the panel of them).
 */
export async function liveEventRows(db: Db, projectIds: readonly number[], since: number): Promise<LiveEventGroup[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({
      projectId: otelEvents.projectId,
      person: otelEvents.person,
      sessionId: otelEvents.sessionId,
      name: otelEvents.name,
      events: sql<number>`count(*)`.mapWith(Number),
      costUsd: sql<number | null>`sum(${otelEvents.costUsd})`.mapWith((v) => (v === null ? null : Number(v))),
      failures: sql<number>`sum(case when ${otelEvents.success} = 0 then 1 else 0 end)`.mapWith(Number),
      rejections: sql<number>`sum(case when ${otelEvents.decision} = 'reject' then 1 else 0 end)`.mapWith(Number),
    })
    .from(otelEvents)
    .where(and(inArray(otelEvents.projectId, [...projectIds]), gte(otelEvents.at, since), noTranscript(otelEvents)))
    .groupBy(otelEvents.projectId, otelEvents.person, otelEvents.sessionId, otelEvents.name)
    .all();
  return rows;
}

/** Per project, person and session without a transcript, the cost its cost.usage points add up to since `since`. */
export async function liveMetricCost(db: Db, projectIds: readonly number[], since: number): Promise<LiveMetricGroup[]> {
  if (projectIds.length === 0) return [];
  return db
    .select({
      projectId: otelMetricPoints.projectId,
      person: otelMetricPoints.person,
      sessionId: otelMetricPoints.sessionId,
      costUsd: sql<number>`sum(${otelMetricPoints.value})`.mapWith(Number),
    })
    .from(otelMetricPoints)
    .where(
      and(
        inArray(otelMetricPoints.projectId, [...projectIds]),
        eq(otelMetricPoints.name, "cost.usage"),
        gte(otelMetricPoints.at, since),
        noTranscript(otelMetricPoints),
      ),
    )
    .groupBy(otelMetricPoints.projectId, otelMetricPoints.person, otelMetricPoints.sessionId)
    .all();
}
