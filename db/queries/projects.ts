import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Db } from "@/db/client";
import { projectDayStats, projects, sessions, type Project } from "@/db/schema";
import { MEMORY_CATEGORIES, type MemoryCategory } from "@/lib/session";
import { inScope, type ProjectScope } from "./scope";

type CategoryCounts = Record<MemoryCategory, number>;

export interface ProjectSummary {
  id: number;
  slug: string;
  name: string;
  createdAt: number;
  sessions: number;
  /** Mean success score 0..1; null when the project has no sessions. */
  avgSuccess: number | null;
  /** The project's recorded last activity, else its latest session start; null when neither exists. */
  lastActivityAt: number | null;
  categories: CategoryCounts;
}

function emptyCategoryCounts(): CategoryCounts {
  return Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, 0])) as CategoryCounts;
}

function isCategory(value: string): value is MemoryCategory {
  return (MEMORY_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Read from the per-day statistics triggers keep (project_day_stats), not from the sessions: a project's counts cost
 * its days, not its sessions. The latest session start, needed only for a project with no recorded activity, is
 * one seek of the (project, started_at) index.
 */
async function summaries(db: Db, readable: ProjectScope, slug?: string): Promise<ProjectSummary[]> {
  const d = projectDayStats;
  const totals = db
    .select({
      projectId: d.projectId,
      n: sql<number>`sum(${d.n})`.as("n"),
      success: sql<number>`sum(${d.successSum})`.as("success"),
    })
    .from(d)
    .where(
      slug === undefined
        ? inScope(d.projectId, readable)
        : eq(d.projectId, sql`(select ${projects.id} from ${projects} where ${projects.slug} = ${slug})`),
    )
    .groupBy(d.projectId)
    .as("totals");
  const latestStart = sql<
    number | null
  >`(select max(${sessions.startedAt}) from ${sessions} where ${sessions.projectId} = ${projects.id})`;
  const lastActivity = sql<number | null>`coalesce(${projects.lastActivityAt}, ${latestStart})`;
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      createdAt: projects.createdAt,
      sessions: sql<number>`coalesce(${totals.n}, 0)`,
      avgSuccess: sql<number | null>`case when ${totals.n} > 0 then ${totals.success} / ${totals.n} end`,
      lastActivityAt: lastActivity,
    })
    .from(projects)
    .leftJoin(totals, eq(totals.projectId, projects.id))
    .where(and(inScope(projects.id, readable), slug === undefined ? undefined : eq(projects.slug, slug)))
    .orderBy(sql`${lastActivity} is null`, sql`${lastActivity} desc`, asc(projects.slug))
    .all();
  if (rows.length === 0) return [];

  const mix = await db
    .select({ projectId: d.projectId, category: d.category, n: sql<number>`sum(${d.n})` })
    .from(d)
    .where(slug === undefined ? inScope(d.projectId, readable) : eq(d.projectId, rows[0]!.id))
    .groupBy(d.projectId, d.category)
    .all();
  const byProject = new Map<number, CategoryCounts>();
  for (const { projectId, category, n } of mix) {
    if (!isCategory(category) || n === 0) continue;
    const counts = byProject.get(projectId) ?? emptyCategoryCounts();
    counts[category] = n;
    byProject.set(projectId, counts);
  }

  return rows.map((row) => ({ ...row, categories: byProject.get(row.id) ?? emptyCategoryCounts() }));
}

/** The projects in scope, each with its session count, average success, last activity and sessions per category. */
export async function listReadableProjects(db: Db, readable: ProjectScope): Promise<ProjectSummary[]> {
  return summaries(db, readable);
}

/** Every project, as `listReadableProjects("all")`. */
export async function listProjects(db: Db): Promise<ProjectSummary[]> {
  return summaries(db, "all");
}

/** One project's summary (as in `listProjects`), or null when no project has this slug. */
export async function getProjectSummary(db: Db, slug: string): Promise<ProjectSummary | null> {
  return (await summaries(db, "all", slug))[0] ?? null;
}

/** Creates an empty project; null when the slug is taken. */
export async function insertProject(db: Db, slug: string, name: string): Promise<Project | null> {
  return (await db.insert(projects).values({ slug: slug, name: name }).onConflictDoNothing().returning().get()) ?? null;
}

/** The project with this slug, or null. */
export async function getProjectBySlug(db: Db, slug: string): Promise<Project | null> {
  return (await db.select().from(projects).where(eq(projects.slug, slug)).get()) ?? null;
}
