import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { scoreSnapshots } from "@/db/schema";
import { effectiveConfidenceSql } from "@/lib/memory/decay";
import type { IntelligenceReport, ScoreInput, ScoreWindows } from "@/lib/score/score";
import { memoryDecayColumns } from "./memory-decay";
import { inScope, inScopeOrGlobal } from "./scope";

/**
 * The aggregates behind the intelligence score (lib/score/score.ts), one SQL aggregate per table, for one
 * project, the whole instance or a set of projects; plus the per-day snapshots that give the score a history.
 */

const num = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? x : 0);
const maxOf = (...xs: (number | null | undefined)[]) => {
  const present = xs.filter((x): x is number => typeof x === "number");
  return present.length ? Math.max(...present) : null;
};

/**
 * What a score is over: one project (its id), the whole instance (null), or several projects (their ids) with
 * the global memories, as the instance looks to someone who may read only those.
 */
export type ScoreScope = number | null | readonly number[];

/** The rows of a scope's projects, as a condition on `column`; `globalToo` also keeps rows without a project. */
function within(scope: ScoreScope, column: string, globalToo = false): SQL {
  const col = sql.raw(column);
  if (scope === null) return sql`1 = 1`;
  if (typeof scope === "number") return sql`${col} = ${scope}`;
  return globalToo ? inScopeOrGlobal(col, scope) : inScope(col, scope);
}

interface SessionAggregates {
  n: number | null;
  successSum: number | null;
  days: number | null;
  last: number | null;
  s7: number | null;
  s30: number | null;
}

/**
 * Sessions, their success and their active UTC days from the per-day statistics the triggers keep (a scan of
 * every session took 80 ms at 100k); the latest start and the recent counts per project from the
 * (project, started_at) index.
 */
async function sessionAggregates(
  db: Db,
  scope: ScoreScope,
  w7: number,
  w30: number,
): Promise<SessionAggregates | undefined> {
  const totals = await db.get<Pick<SessionAggregates, "n" | "successSum" | "days">>(sql`
    SELECT sum(n) AS n, total(success_sum) AS "successSum", count(DISTINCT day) AS days
    FROM project_day_stats WHERE n > 0 AND ${within(scope, "project_id")}`);
  const since = (from: number) =>
    sql`(SELECT count(*) FROM sessions t WHERE t.project_id = p.id AND t.started_at >= ${from})`;
  const recent = await db.get<Pick<SessionAggregates, "last" | "s7" | "s30">>(sql`
    SELECT max((SELECT max(started_at) FROM sessions t WHERE t.project_id = p.id)) AS last, sum(${since(w7)}) AS s7, sum(${since(w30)}) AS s30
    FROM projects p WHERE ${within(scope, "p.id")}`);
  return totals && recent ? { ...totals, ...recent } : undefined;
}

/** The ScoreInput for a project, the instance or a set of projects (see ScoreScope) at `now`. */
export async function scoreInput(
  db: Db,
  scope: ScoreScope,
  now: number,
  /** The memories' confidence half-life (lib/config `memoryHalfLifeDays`, read by the caller). */
  halfLifeDays: number,
  /** Where the score's recent windows start (lib/score/score.ts `scoreWindows`). */
  { w7, w30 }: ScoreWindows,
): Promise<ScoreInput> {
  const s = await sessionAggregates(db, scope, w7, w30);

  const effective = effectiveConfidenceSql(memoryDecayColumns(db), now, halfLifeDays, isPostgres(db));
  const m = await db.get<{
    n: number;
    eff: number | null;
    m7: number | null;
    m30: number | null;
    r7: number | null;
    r30: number | null;
    lastCreated: number | null;
    lastReinforced: number | null;
  }>(sql`
    SELECT count(*) AS n, sum(${effective}) AS eff,
      sum(CASE WHEN created_at >= ${w7} THEN 1 ELSE 0 END) AS m7, sum(CASE WHEN created_at >= ${w30} THEN 1 ELSE 0 END) AS m30,
      sum(CASE WHEN reinforced_at >= ${w7} THEN 1 ELSE 0 END) AS r7, sum(CASE WHEN reinforced_at >= ${w30} THEN 1 ELSE 0 END) AS r30,
      max(created_at) AS "lastCreated", max(reinforced_at) AS "lastReinforced"
    FROM memories WHERE ${within(scope, "project_id", true)}`);
  const categories = await db.all<{ category: string; n: number }>(
    sql`SELECT category, count(*) AS n FROM memories WHERE ${within(scope, "project_id", true)} GROUP BY category`,
  );

  const p = await db.get<{ n: number; uses: number | null; weighted: number | null }>(sql`
    SELECT count(*) AS n, sum(count) AS uses, sum(avg_success * count) AS weighted
    FROM tool_patterns WHERE category = 'pattern' AND ${within(scope, "project_id")}`);

  const rules = await db.get<{ n: number }>(sql`
    SELECT count(*) AS n FROM rule_history r
    WHERE r.support = 'supported' AND ${within(scope, "r.project_id")}
      AND r.generation = (SELECT max(g.generation) FROM guidance_versions g WHERE g.project_id = r.project_id)`);

  return {
    memories: {
      count: num(m?.n),
      effectiveConfidenceSum: num(m?.eff),
      byCategory: Object.fromEntries(categories.map((c) => [c.category, c.n])),
    },
    patterns: { validated: num(p?.n), uses: num(p?.uses), weightedSuccessSum: num(p?.weighted) },
    supportedRules: num(rules?.n),
    sessions: { count: num(s?.n), successSum: num(s?.successSum), days: num(s?.days) },
    recent: {
      sessions7: num(s?.s7),
      sessions30: num(s?.s30),
      memories7: num(m?.m7),
      memories30: num(m?.m30),
      reinforced7: num(m?.r7),
      reinforced30: num(m?.r30),
    },
    lastDataAt: maxOf(s?.last, m?.lastCreated, m?.lastReinforced),
  };
}

/** The UTC day of an epoch-ms time, YYYY-MM-DD. */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A day's snapshot as stored: its grade and components as recorded (lib/server/score.ts reads them). */
export interface StoredSnapshot {
  day: string;
  total: number;
  grade: string;
  components: Record<string, unknown>;
  createdAt: number;
}

/** Records the report as the snapshot of its day (UTC, from `report.computedAt`), replacing that day's earlier one. */
export async function recordSnapshot(db: Db, projectId: number | null, report: IntelligenceReport): Promise<void> {
  const components = Object.fromEntries(report.components.map((c) => [c.key, c.points]));
  await db.run(sql`
    INSERT INTO ${scoreSnapshots} (project_id, day, total, grade, components, created_at)
    VALUES (${projectId}, ${utcDay(report.computedAt)}, ${report.total}, ${report.grade}, ${JSON.stringify(components)}, ${report.computedAt})
    ON CONFLICT (coalesce(project_id, 0), day) DO UPDATE SET
      total = excluded.total, grade = excluded.grade, components = excluded.components, created_at = excluded.created_at`);
}

/** The snapshots of the UTC days from `since`'s to `now`'s, oldest first. */
export async function scoreHistory(
  db: Db,
  projectId: number | null,
  since: number,
  now: number,
): Promise<StoredSnapshot[]> {
  const rows = await db.all<{ day: string; total: number; grade: string; components: string; createdAt: number }>(sql`
    SELECT day, total, grade, components, created_at AS "createdAt" FROM ${scoreSnapshots}
    WHERE coalesce(project_id, 0) = ${projectId ?? 0} AND day >= ${utcDay(since)} AND day <= ${utcDay(now)} ORDER BY day`);
  return rows.map((r) => ({ ...r, components: JSON.parse(r.components) as Record<string, unknown> }));
}
