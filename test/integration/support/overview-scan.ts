/**
 * The overview queries as they were before the per-day tables: full scans of `sessions`, kept only here
 * as the oracle the rewritten queries (db/queries/overview.ts) must agree with. The few spellings the engines
 * differ in (a session's UTC day, json_each over its JSON columns) are the day-stats triggers' (db/engine/sql-dialect.ts).
 */
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { POSTGRES, SQLITE } from "@/db/engine/sql-dialect";
import { statement } from "@/db/engine/statement";
import {
  agentStats,
  categoryCounts,
  dailyStats,
  modelTokens,
  type AgentStat,
  type ModelTokenRow,
  topTools,
  weakestDomains,
  type DayStat,
  type OverviewFilter,
  type ProjectCategoryCount,
  type ToolUsage,
  type WeakDomain,
} from "@/db/queries/overview";
import { inScope } from "@/db/queries/scope";
import { projects, sessions } from "@/db/schema";
import { startedRange } from "@/lib/session-list";

const t = sessions;

function where(filter: OverviewFilter): SQL | undefined {
  const range = startedRange(filter);
  return and(
    inScope(t.projectId, filter.readable),
    filter.projectId === null ? undefined : eq(t.projectId, filter.projectId),
    range.from !== undefined ? gte(t.startedAt, range.from) : undefined,
    range.to !== undefined ? lt(t.startedAt, range.to) : undefined,
    filter.agent === undefined ? undefined : eq(t.agent, filter.agent),
  );
}

const WITH_TOKENS = sql<number>`total(CASE WHEN ${t.tokensByModel} <> '{}' THEN 1 ELSE 0 END)`;

/** The spellings of the engine under `db`. */
const spellings = (db: Db) => (isPostgres(db) ? POSTGRES : SQLITE);

/** A session's UTC day, `YYYY-MM-DD`. */
const dayOf = (db: Db) => sql<string>`${sql.raw(spellings(db).day(`"sessions"."started_at"`))}`;

/** The entries of a JSON object column of `sessions` as a join `alias` (key, value, type), for the scans below. */
const jsonEntries = (db: Db, column: string, alias: string) =>
  sql.raw(spellings(db).jsonEach(`"sessions"."${column}"`, alias));

async function scanDailyStats(db: Db, filter: OverviewFilter): Promise<DayStat[]> {
  const day = dayOf(db);
  return db
    .select({
      day,
      sessions: sql<number>`count(*)`,
      successSum: sql<number>`total(${t.successScore})`,
      withTokens: WITH_TOKENS,
    })
    .from(t)
    .where(where(filter))
    .groupBy(day)
    .orderBy(day)
    .all();
}

async function scanAgentStats(db: Db, filter: OverviewFilter): Promise<AgentStat[]> {
  return db
    .select({
      agent: t.agent,
      sessions: sql<number>`count(*)`,
      successSum: sql<number>`total(${t.successScore})`,
      withTokens: WITH_TOKENS,
    })
    .from(t)
    .where(where({ ...filter, agent: undefined }))
    .groupBy(t.agent)
    .orderBy(sql`count(*) desc`, asc(t.agent))
    .all();
}

async function scanModelTokens(db: Db, filter: OverviewFilter): Promise<ModelTokenRow[]> {
  const day = dayOf(db);
  const field = (name: string) => sql<number>`total(${sql.raw(spellings(db).jsonNumber("m", name))})`;
  const model = sql<string>`m.key`;
  return db
    .select({
      slug: projects.slug,
      day,
      agent: sql<string>`${t.agent}`,
      model,
      input: field("input"),
      output: field("output"),
      cacheRead: field("cacheRead"),
      cacheCreation: field("cacheCreation"),
      reasoning: field("reasoning"),
      cacheCreationHour: field("cacheCreationHour"),
    })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .innerJoin(jsonEntries(db, "tokens_by_model", "m"), sql`1 = 1`)
    .where(where(filter))
    .groupBy(t.projectId, day, t.agent, model, projects.id)
    .orderBy(asc(projects.slug), asc(day), asc(t.agent), asc(model))
    .all();
}

async function scanCategoryCounts(db: Db, filter: OverviewFilter): Promise<ProjectCategoryCount[]> {
  return db
    .select({ slug: projects.slug, name: projects.name, category: t.category, count: sql<number>`count(*)` })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(where(filter))
    .groupBy(t.projectId, t.category, projects.id)
    .orderBy(asc(projects.slug), asc(t.category))
    .all();
}

async function scanTopTools(db: Db, filter: OverviewFilter, limit = 10): Promise<ToolUsage[]> {
  const tool = sql<string>`tools.key`;
  const calls = sql<number>`total(tools.value)`;
  return db
    .select({ tool, calls })
    .from(t)
    .innerJoin(jsonEntries(db, "tool_breakdown", "tools"), sql`1 = 1`)
    .where(where(filter))
    .groupBy(tool)
    .orderBy(sql`${calls} desc`, asc(tool))
    .limit(limit)
    .all();
}

async function scanWeakestDomains(db: Db, filter: OverviewFilter, limit = 8, minSessions = 3): Promise<WeakDomain[]> {
  const avg = sql<number>`avg(${t.successScore})`;
  return db
    .select({
      slug: projects.slug,
      name: projects.name,
      domain: t.domain,
      sessions: sql<number>`count(*)`,
      avgSuccess: avg,
    })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(where(filter))
    .groupBy(t.projectId, t.domain, projects.id)
    .having(sql`count(*) >= ${minSessions}`)
    .orderBy(asc(avg), asc(projects.slug), asc(t.domain))
    .limit(limit)
    .all();
}

type Row = object;

/** Sums agree to 1e-9 of their size (the triggers add and subtract in another order than a scan sums). */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Where two result lists differ: the same rows in the same order, strings and counts exactly, float sums to 1e-9. */
function differences(label: string, kept: Row[], scan: Row[], floats: readonly string[]): string[] {
  if (kept.length !== scan.length)
    return [`${label}: ${kept.length} rows, scan ${scan.length}: ${JSON.stringify(kept)} vs ${JSON.stringify(scan)}`];
  return kept.flatMap((row, i) =>
    Object.entries(row).flatMap(([column, value]) => {
      const other = (scan[i] as Record<string, unknown>)[column];
      const same = floats.includes(column) ? close(Number(value), Number(other)) : value === other;
      return same ? [] : [`${label} row ${i} ${column}: ${String(value)}, scan ${String(other)}`];
    }),
  );
}

/** Every difference between the rewritten overview queries and the scans they replaced, for this filter. */
export async function overviewVersusScan(db: Db, filter: OverviewFilter): Promise<string[]> {
  const label = JSON.stringify(filter);
  return [
    ...differences(`${label} daily`, await dailyStats(db, filter), await scanDailyStats(db, filter), ["successSum"]),
    ...differences(`${label} agents`, await agentStats(db, filter), await scanAgentStats(db, filter), ["successSum"]),
    ...differences(`${label} model tokens`, await modelTokens(db, filter), await scanModelTokens(db, filter), []),
    ...differences(`${label} categories`, await categoryCounts(db, filter), await scanCategoryCounts(db, filter), []),
    ...differences(`${label} tools`, await topTools(db, filter, 10), await scanTopTools(db, filter, 10), ["calls"]),
    ...differences(`${label} tools (all)`, await topTools(db, filter, 1000), await scanTopTools(db, filter, 1000), [
      "calls",
    ]),
    ...differences(
      `${label} weakest`,
      await weakestDomains(db, filter, 8, 3),
      await scanWeakestDomains(db, filter, 8, 3),
      ["avgSuccess"],
    ),
    ...differences(
      `${label} weakest (all)`,
      await weakestDomains(db, filter, 1000, 1),
      await scanWeakestDomains(db, filter, 1000, 1),
      ["avgSuccess"],
    ),
  ];
}

/** Counts that went below zero in the day tables: a contribution taken away twice. */
export async function negativeDayCounts(db: Db): Promise<number> {
  const row = await statement<{ n: number }>(
    `SELECT (SELECT count(*) FROM project_day_stats WHERE n < 0 OR with_tokens < 0) + (SELECT count(*) FROM project_day_tool_stats WHERE sessions < 0) + (SELECT count(*) FROM project_day_model_stats WHERE sessions < 0 OR input < 0 OR output < 0) AS n`,
  ).get(db);
  return row!.n;
}
