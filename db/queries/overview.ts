import "server-only";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { projects, trajectories } from "@/db/schema";
import { startedRange } from "@/lib/session-list";
import { inScope, type ProjectScope } from "./scope";

/**
 * The overview dashboard's figures: every one an aggregate (GROUP BY) over `trajectories`, narrowed by an
 * optional project and an inclusive range of UTC days, so they stay fast at 100,000 sessions. Each keeps to
 * the projects the viewer may read.
 */

const t = trajectories;

/** Which sessions count: those of one project, or (projectId null) of every project the viewer may read. */
export interface OverviewScope {
  readable: ProjectScope;
  projectId: number | null;
}

export interface OverviewFilter extends OverviewScope {
  /** Inclusive first day, `YYYY-MM-DD` (UTC). */
  from?: string;
  /** Inclusive last day, `YYYY-MM-DD` (UTC). */
  to?: string;
}

function inOverview(scope: OverviewScope): SQL | undefined {
  return and(inScope(t.projectId, scope.readable), scope.projectId === null ? undefined : eq(t.projectId, scope.projectId));
}

function where(filter: OverviewFilter, ...more: (SQL | undefined)[]): SQL | undefined {
  const range = startedRange(filter);
  return and(
    inOverview(filter),
    range.from !== undefined ? gte(t.startedAt, range.from) : undefined,
    range.to !== undefined ? lt(t.startedAt, range.to) : undefined,
    ...more,
  );
}

const DAY = sql<string>`strftime('%Y-%m-%d', ${t.startedAt} / 1000, 'unixepoch')`;

export interface DayStat {
  day: string;
  sessions: number;
  /** Sum of success scores, so averages over several days can be weighted by sessions. */
  successSum: number;
}

/** Sessions and summed success per UTC day, oldest first. */
export function dailyStats(filter: OverviewFilter, db: Db = getDb()): DayStat[] {
  return db
    .select({ day: DAY, sessions: sql<number>`count(*)`, successSum: sql<number>`total(${t.successScore})` })
    .from(t)
    .where(where(filter))
    .groupBy(DAY)
    .orderBy(DAY)
    .all();
}

export interface ProjectCategoryCount {
  slug: string;
  name: string;
  category: string;
  count: number;
}

/** Sessions per project and category. */
export function categoryCounts(filter: OverviewFilter, db: Db = getDb()): ProjectCategoryCount[] {
  return db
    .select({ slug: projects.slug, name: projects.name, category: t.category, count: sql<number>`count(*)` })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(where(filter))
    .groupBy(t.projectId, t.category)
    .orderBy(asc(projects.slug), asc(t.category))
    .all();
}

export interface ToolUsage {
  tool: string;
  calls: number;
}

/**
 * The most called tools in the sessions in range, summed from each session's tool breakdown (every source
 * format records one, while per-operation rows exist only for some).
 */
export function topTools(filter: OverviewFilter, limit = 10, db: Db = getDb()): ToolUsage[] {
  const tool = sql<string>`tools.key`;
  const calls = sql<number>`total(tools.value)`;
  return db
    .select({ tool, calls })
    .from(sql`${t}, json_each(${t.toolBreakdown}) as tools`)
    .where(where(filter))
    .groupBy(tool)
    .orderBy(sql`${calls} desc`, asc(tool))
    .limit(limit)
    .all();
}

export interface WeakDomain {
  slug: string;
  name: string;
  domain: string;
  sessions: number;
  avgSuccess: number;
}

/** Per project, the domains with the lowest mean success among those with at least `minSessions` sessions. */
export function weakestDomains(filter: OverviewFilter, limit = 8, minSessions = 3, db: Db = getDb()): WeakDomain[] {
  const avg = sql<number>`avg(${t.successScore})`;
  return db
    .select({ slug: projects.slug, name: projects.name, domain: t.domain, sessions: sql<number>`count(*)`, avgSuccess: avg })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(where(filter))
    .groupBy(t.projectId, t.domain)
    .having(sql`count(*) >= ${minSessions}`)
    .orderBy(asc(avg), asc(projects.slug), asc(t.domain))
    .limit(limit)
    .all();
}

export interface RecentFailure {
  id: number;
  slug: string;
  task: string | null;
  externalId: string;
  domain: string;
  startedAt: number;
  successScore: number;
}

/** The latest sessions in the `error` category. */
export function recentFailures(filter: OverviewFilter, limit = 10, db: Db = getDb()): RecentFailure[] {
  return db
    .select({
      id: t.id,
      slug: projects.slug,
      task: t.task,
      externalId: t.externalId,
      domain: t.domain,
      startedAt: t.startedAt,
      successScore: t.successScore,
    })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(where(filter, eq(t.category, "error")))
    .orderBy(desc(t.startedAt), desc(t.id))
    .limit(limit)
    .all();
}

/** The start of the latest session (epoch ms) in scope, ignoring the day range; null when there is none. */
export function latestStart(scope: OverviewScope, db: Db = getDb()): number | null {
  const row = db
    .select({ latest: sql<number | null>`max(${t.startedAt})` })
    .from(t)
    .where(inOverview(scope))
    .get();
  return row?.latest ?? null;
}
