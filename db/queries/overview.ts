import "server-only";
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { projectDayModelStats, projectDayStats, projectDayToolStats, projects, sessions } from "@/db/schema";
import type { ModelTokens } from "@/lib/session";
import { startedRange } from "@/lib/session-list";
import { inScope, type ProjectScope } from "./scope";

/**
 * The overview dashboard's figures, narrowed by an optional project and an inclusive range of UTC days, each
 * kept to the projects the viewer may read. The daily, category, tool and domain figures sum the per-day
 * tables that triggers keep (db/day-stats-triggers.ts), so they stay fast at 100,000 sessions; the recent
 * failures and the latest start read `sessions` through its indexes.
 */

const t = sessions;

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
  /** Only the sessions of this agent ("claude-code", "codex", "gemini-cli", ...). */
  agent?: string;
}

function inOverview(scope: OverviewScope): SQL | undefined {
  return and(
    inScope(t.projectId, scope.readable),
    scope.projectId === null ? undefined : eq(t.projectId, scope.projectId),
  );
}

function where(filter: OverviewFilter, ...more: (SQL | undefined)[]): SQL | undefined {
  const range = startedRange(filter);
  return and(
    inOverview(filter),
    range.from !== undefined ? gte(t.startedAt, range.from) : undefined,
    range.to !== undefined ? lt(t.startedAt, range.to) : undefined,
    filter.agent === undefined ? undefined : eq(t.agent, filter.agent),
    ...more,
  );
}

const DAY_MS = 86_400_000;

/** The day range as `YYYY-MM-DD` bounds on the day tables, the same days `startedRange` bounds started_at by. */
function dayRange(filter: OverviewFilter): { from?: string; to?: string } {
  const range = startedRange(filter);
  const iso = (ms: number | undefined) =>
    ms === undefined || Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
  return { from: iso(range.from), to: iso(range.to === undefined ? undefined : range.to - DAY_MS) };
}

/** The rows of a per-day table (project_day_stats, project_day_tool_stats, project_day_model_stats) within the filter. */
function dayWhere(
  table: typeof projectDayStats | typeof projectDayToolStats | typeof projectDayModelStats,
  filter: OverviewFilter,
): SQL | undefined {
  const days = dayRange(filter);
  return and(
    inScope(table.projectId, filter.readable),
    filter.projectId === null ? undefined : eq(table.projectId, filter.projectId),
    days.from !== undefined ? gte(table.day, days.from) : undefined,
    days.to !== undefined ? lte(table.day, days.to) : undefined,
    filter.agent === undefined ? undefined : eq(table.agent, filter.agent),
  );
}

const d = projectDayStats;
const dt = projectDayToolStats;
/** Sessions of the grouped day rows (rows whose sessions were all deleted or moved hold 0). */
const SESSIONS = sql<number>`sum(${d.n})`;

export interface DayStat {
  day: string;
  sessions: number;
  /** Sum of success scores, so averages over several days can be weighted by sessions. */
  successSum: number;
  /** Sessions whose tokens are counted per model. */
  withTokens: number;
}

/** Sessions and summed success per UTC day, oldest first. */
export async function dailyStats(db: Db, filter: OverviewFilter): Promise<DayStat[]> {
  return db
    .select({
      day: d.day,
      sessions: SESSIONS,
      successSum: sql<number>`total(${d.successSum})`,
      withTokens: sql<number>`sum(${d.withTokens})`,
    })
    .from(d)
    .where(dayWhere(d, filter))
    .groupBy(d.day)
    .having(sql`${SESSIONS} > 0`)
    .orderBy(d.day)
    .all();
}

export interface AgentStat {
  agent: string;
  sessions: number;
  successSum: number;
  withTokens: number;
}

/** Sessions, summed success and sessions with token counts per agent (whatever the filter's agent), most sessions first. */
export async function agentStats(db: Db, filter: OverviewFilter): Promise<AgentStat[]> {
  return db
    .select({
      agent: d.agent,
      sessions: SESSIONS,
      successSum: sql<number>`total(${d.successSum})`,
      withTokens: sql<number>`sum(${d.withTokens})`,
    })
    .from(d)
    .where(dayWhere(d, { ...filter, agent: undefined }))
    .groupBy(d.agent)
    .having(sql`${SESSIONS} > 0`)
    .orderBy(sql`${SESSIONS} desc`, asc(d.agent))
    .all();
}

/** One project's, day's, agent's and model's tokens (sums over its sessions). */
export interface ModelTokenRow extends ModelTokens {
  slug: string;
  day: string;
  agent: string;
  model: string;
}

const dm = projectDayModelStats;

/** The tokens per project, day, agent and model within the filter: what costs are priced from (lib/cost). */
export async function modelTokens(db: Db, filter: OverviewFilter): Promise<ModelTokenRow[]> {
  const sum = (column: SQLWrapper) => sql<number>`total(${column})`;
  return db
    .select({
      slug: projects.slug,
      day: dm.day,
      agent: dm.agent,
      model: dm.model,
      input: sum(dm.input),
      output: sum(dm.output),
      cacheRead: sum(dm.cacheRead),
      cacheCreation: sum(dm.cacheCreation),
      reasoning: sum(dm.reasoning),
      cacheCreationHour: sum(dm.cacheCreationHour),
    })
    .from(dm)
    .innerJoin(projects, eq(projects.id, dm.projectId))
    .where(dayWhere(dm, filter))
    .groupBy(dm.projectId, dm.day, dm.agent, dm.model, projects.id)
    .having(sql`sum(${dm.sessions}) > 0`)
    .orderBy(asc(projects.slug), asc(dm.day), asc(dm.agent), asc(dm.model))
    .all();
}

export interface ProjectCategoryCount {
  slug: string;
  name: string;
  category: string;
  count: number;
}

/** Sessions per project and category. */
export async function categoryCounts(db: Db, filter: OverviewFilter): Promise<ProjectCategoryCount[]> {
  return db
    .select({ slug: projects.slug, name: projects.name, category: d.category, count: SESSIONS })
    .from(d)
    .innerJoin(projects, eq(projects.id, d.projectId))
    .where(dayWhere(d, filter))
    .groupBy(d.projectId, d.category, projects.id)
    .having(sql`${SESSIONS} > 0`)
    .orderBy(asc(projects.slug), asc(d.category))
    .all();
}

export interface ToolUsage {
  tool: string;
  calls: number;
}

/**
 * The most called tools in the sessions in range, summed from each session's tool breakdown (every source
 * format records one, while per-operation rows exist only for some), as the day tables keep them.
 */
export async function topTools(db: Db, filter: OverviewFilter, limit = 10): Promise<ToolUsage[]> {
  const calls = sql<number>`total(${dt.calls})`;
  return db
    .select({ tool: dt.tool, calls })
    .from(dt)
    .where(dayWhere(dt, filter))
    .groupBy(dt.tool)
    .having(sql`sum(${dt.sessions}) > 0`)
    .orderBy(sql`${calls} desc`, asc(dt.tool))
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
export async function weakestDomains(
  db: Db,
  filter: OverviewFilter,
  limit = 8,
  minSessions = 3,
): Promise<WeakDomain[]> {
  const avg = sql<number>`total(${d.successSum}) / ${SESSIONS}`;
  // Rounded, so means equal in a scan but a last bit apart after the triggers' additions and subtractions still tie
  // (PostgreSQL rounds to decimals only a numeric).
  const rounded = isPostgres(db) ? sql`round(CAST(${avg} AS numeric), 9)` : sql`round(${avg}, 9)`;
  return db
    .select({ slug: projects.slug, name: projects.name, domain: d.domain, sessions: SESSIONS, avgSuccess: avg })
    .from(d)
    .innerJoin(projects, eq(projects.id, d.projectId))
    .where(dayWhere(d, filter))
    .groupBy(d.projectId, d.domain, projects.id)
    .having(sql`${SESSIONS} >= ${Math.max(minSessions, 1)}`)
    .orderBy(rounded, asc(projects.slug), asc(d.domain))
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
export async function recentFailures(db: Db, filter: OverviewFilter, limit = 10): Promise<RecentFailure[]> {
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
export async function latestStart(db: Db, scope: OverviewScope): Promise<number | null> {
  const row = await db
    .select({ latest: sql<number | null>`max(${t.startedAt})` })
    .from(t)
    .where(inOverview(scope))
    .get();
  return row?.latest ?? null;
}
