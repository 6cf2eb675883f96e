import "server-only";
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import {
  memories,
  operations,
  projects,
  sessions,
  sessionFiles,
  type MemoryRow,
  type OperationRow,
  type SessionRow,
} from "@/db/schema";
import { encodeCursor, startedRange, type SessionListQuery, type SessionSort } from "@/lib/session-list";

const t = sessions;

/**
 * The value each sort orders by. Unknown durations sort as -1, i.e. before every known one when ascending
 * and after them when descending, so keyset comparisons never meet a NULL. Ties are broken by id, in the
 * same direction as the sort.
 */
const SORT_VALUE: Record<SessionSort, SQL<number>> = {
  started: sql<number>`${t.startedAt}`,
  success: sql<number>`${t.successScore}`,
  operations: sql<number>`${t.operationCount}`,
  duration: sql<number>`coalesce(${t.durationMs}, -1)`,
};

export interface SessionListItem {
  id: number;
  externalId: string;
  task: string | null;
  agent: string;
  format: string;
  domain: string;
  category: string;
  startedAt: number;
  durationMs: number | null;
  successScore: number;
  successSource: string;
  operationCount: number;
  filesModifiedCount: number;
  filesReadCount: number | null;
}

export interface SessionPage {
  items: SessionListItem[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern escaped with `\`. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * `column` LIKE `pattern` (escaped with `\`), ignoring the case of ASCII letters only, as SQLite's LIKE does.
 * PostgreSQL's LIKE heeds case, and its ILIKE folds every letter its collation knows: both sides are lower-cased
 * ASCII there.
 */
function likeText(db: Db, column: typeof t.task | typeof t.externalId, pattern: string): SQL {
  if (!isPostgres(db)) return sql`${column} like ${pattern} escape '\\'`;
  const lower = pattern.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return sql`translate(${column}, ${UPPER}, ${UPPER.toLowerCase()}) like ${lower} escape '\\'`;
}

function filters(db: Db, projectId: number, query: SessionListQuery): SQL | undefined {
  const { from, to } = startedRange(query);
  const pattern = query.q ? likeContains(query.q) : undefined;
  return and(
    eq(t.projectId, projectId),
    query.category ? eq(t.category, query.category) : undefined,
    query.domain ? eq(t.domain, query.domain) : undefined,
    query.agent ? eq(t.agent, query.agent) : undefined,
    from !== undefined ? gte(t.startedAt, from) : undefined,
    to !== undefined ? lt(t.startedAt, to) : undefined,
    pattern ? or(likeText(db, t.task, pattern), likeText(db, t.externalId, pattern)) : undefined,
  );
}

/** One page of a project's sessions, filtered and sorted as `query` says, after `query.cursor` if given. */
export async function listProjectSessions(db: Db, projectId: number, query: SessionListQuery): Promise<SessionPage> {
  const value = SORT_VALUE[query.sort];
  const order = query.dir === "asc" ? asc : desc;
  const after = query.cursor
    ? query.dir === "asc"
      ? sql`(${value}, ${t.id}) > (${query.cursor.value}, ${query.cursor.id})`
      : sql`(${value}, ${t.id}) < (${query.cursor.value}, ${query.cursor.id})`
    : undefined;

  const rows = await db
    .select({
      item: {
        id: t.id,
        externalId: t.externalId,
        task: t.task,
        agent: t.agent,
        format: t.format,
        domain: t.domain,
        category: t.category,
        startedAt: t.startedAt,
        durationMs: t.durationMs,
        successScore: t.successScore,
        successSource: t.successSource,
        operationCount: t.operationCount,
        filesModifiedCount: t.filesModifiedCount,
        filesReadCount: t.filesReadCount,
      },
      sortValue: value,
    })
    .from(t)
    .where(and(filters(db, projectId, query), after))
    .orderBy(order(value), order(t.id))
    .limit(query.limit + 1)
    .all();

  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    items: page.map((row) => row.item),
    nextCursor:
      hasMore && last
        ? encodeCursor({ sort: query.sort, dir: query.dir, value: last.sortValue, id: last.item.id })
        : null,
  };
}

export interface Facet {
  value: string;
  count: number;
}

/** The categories, domains and agents of a project's sessions, with counts, most common first (for filters). */
export async function sessionFacets(
  db: Db,
  projectId: number,
): Promise<{ categories: Facet[]; domains: Facet[]; agents: Facet[] }> {
  const facet = (column: typeof t.category | typeof t.domain | typeof t.agent) =>
    db
      .select({ value: column, count: sql<number>`count(*)` })
      .from(t)
      .where(eq(t.projectId, projectId))
      .groupBy(column)
      .orderBy(sql`count(*) desc`, asc(column))
      .limit(200)
      .all();
  return { categories: await facet(t.category), domains: await facet(t.domain), agents: await facet(t.agent) };
}

export interface SessionDetail {
  session: Omit<SessionRow, "raw"> & { raw: unknown };
  project: { slug: string; name: string };
  operations: OperationRow[];
  files: { read: string[]; modified: string[] };
  memory: MemoryRow | null;
}

function parseRaw(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One session with its project, ordered operations, files and memory entry; null when there is none. */
export async function getSession(db: Db, id: number): Promise<SessionDetail | null> {
  const found = await db
    .select({ session: t, project: { slug: projects.slug, name: projects.name } })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(eq(t.id, id))
    .get();
  if (!found) return null;

  const ops = await db.select().from(operations).where(eq(operations.sessionId, id)).orderBy(asc(operations.seq)).all();
  const files = await db
    .select({ role: sessionFiles.role, path: sessionFiles.path })
    .from(sessionFiles)
    .where(eq(sessionFiles.sessionId, id))
    .orderBy(asc(sessionFiles.path))
    .all();
  const memory =
    (await db.select().from(memories).where(eq(memories.sessionId, id)).orderBy(asc(memories.id)).get()) ?? null;

  return {
    session: { ...found.session, raw: parseRaw(found.session.raw) },
    project: found.project,
    operations: ops,
    files: {
      read: files.filter((f) => f.role === "read").map((f) => f.path),
      modified: files.filter((f) => f.role === "modified").map((f) => f.path),
    },
    memory,
  };
}

/** The project of the session with this id, or null when there is none (a primary-key probe, for early 404s). */
export async function sessionProjectId(db: Db, id: number): Promise<number | null> {
  return (await db.select({ projectId: t.projectId }).from(t).where(eq(t.id, id)).get())?.projectId ?? null;
}
