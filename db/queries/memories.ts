import "server-only";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { memories, projects, toolPatterns } from "@/db/schema";
import { readConfig } from "@/lib/config";
import { HIGHLIGHT_END, HIGHLIGHT_START, type MemoryHit, type MemorySearch, type MemorySearchResult, type MemorySort } from "@/lib/memory/contract";
import { DAY_MS, effectiveConfidenceSql } from "@/lib/memory/decay";
import { summarizeFacets, type FacetCell } from "@/lib/memory/facets";
import { toFtsQuery } from "@/lib/memory/fts-query";
import type { MemoryCategory } from "@/lib/trajectory";
import { inScopeOrGlobal, type ProjectScope } from "./scope";

/**
 * The memory vault's SQL: search over `memories_fts` (FTS5, porter + unicode61, kept in sync by triggers)
 * (curation by people is in memory-curation.ts).
 *
 * Relevance: bm25 with column weights content 1.0, tags 0.5, blended with the effective confidence:
 *
 *   score = bm25 × (0.5 + 0.5 × effectiveConfidence)      (bm25 is ≤ 0 in FTS5: lower is better)
 *
 * so a fully trusted memory keeps its text relevance and one that has decayed to nothing keeps half; ties
 * go to the higher effective confidence, then the most recently updated. Tags weigh half: they are a few
 * words long, so bm25's length normalisation already lifts a tag hit, and for ingested memories they repeat
 * facts the text states (domain, tools, category), which would otherwise count twice.
 *
 * Bounded ranking (DESIGN §4): bm25 must score every match, so when the words match more than
 * RANKED_WINDOW memories, the search looks only at the RANKED_WINDOW most recently added of those matches
 * (the highest ids: FTS5 walks its index backwards to find them without scoring anything). A tag filter is
 * part of that full-text query (on the tags column); the other filters, every sort, the total, the facets
 * and the pages apply within the window, so they agree with each other, and `bounded` says so with the
 * full match count. A search with words then scores and joins at
 * most RANKED_WINDOW rows, whatever the size of the vault. The price: an old memory that keeps being
 * reinforced, but whose words are very common, stays outside the window until the query is narrowed.
 *
 * Access: a search sees the memories of the projects it may read (`readable`) and the global ones. The window
 * is taken over every match, before that restriction (so it stays one index walk), and the note of a
 * restricted search does not say how many memories match in all.
 */

export const RANKED_WINDOW = 10_000;
const SNIPPET_TOKENS = 40;

interface Context {
  halfLifeDays: number;
  effective: SQL<number>;
}

function context(now: number): Context {
  const halfLifeDays = readConfig().memoryHalfLifeDays;
  const effective = effectiveConfidenceSql(
    { confidence: memories.confidence, pinned: memories.pinned, createdAt: memories.createdAt, reinforcedAt: memories.reinforcedAt },
    now,
    halfLifeDays,
  );
  return { halfLifeDays, effective };
}

/** A search as the API and the page run it: within the projects the caller may read (default: all). */
export interface ScopedMemorySearch extends MemorySearch {
  readable?: ProjectScope;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every filter of the search; the project and category filters only when `own` (facets leave them out). */
function filters(search: ScopedMemorySearch, ctx: Context, own: boolean): SQL[] {
  const out: SQL[] = [];
  if (search.readable !== undefined && search.readable !== "all") out.push(inScopeOrGlobal(memories.projectId, search.readable));
  if (own && search.project !== undefined) {
    out.push(sql`${memories.projectId} = (select ${projects.id} from ${projects} where ${projects.slug} = ${search.project})`);
  }
  if (own && search.category !== undefined) out.push(sql`${memories.category} = ${search.category}`);
  if (search.tag !== undefined) out.push(sql`instr(' ' || ${memories.tags} || ' ', ${` ${search.tag} `}) > 0`);
  if (search.minConfidence !== undefined) out.push(sql`${ctx.effective} >= ${search.minConfidence}`);
  if (search.from !== undefined) out.push(sql`${memories.updatedAt} >= ${dayStart(search.from)}`);
  if (search.to !== undefined) out.push(sql`${memories.updatedAt} < ${dayStart(search.to) + DAY_MS}`);
  return out;
}

const where = (conditions: SQL[]) => (conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``);

function order(sort: MemorySort, ctx: Context): SQL {
  if (sort === "relevance") {
    return sql`bm25(memories_fts, 1.0, 0.5) * (0.5 + 0.5 * ${ctx.effective}), ${ctx.effective} desc, ${memories.updatedAt} desc, ${memories.id} desc`;
  }
  if (sort === "confidence") return sql`${ctx.effective} desc, ${memories.updatedAt} desc, ${memories.id} desc`;
  return sql`${memories.updatedAt} desc, ${memories.id} desc`;
}

/**
 * The full-text part of a search: the MATCH expression (the words, and the tag narrowed to the tags column;
 * `filters` then checks the tag exactly), whether it has words to rank by, and, when the words match too
 * many memories, the id the window starts after.
 */
interface TextMatch {
  fts: string;
  words: boolean;
  after: number | null;
}

function textMatch(db: Db, words: string | null, tag: string | undefined): TextMatch | null {
  const tagWords = tag === undefined ? null : toFtsQuery(tag);
  const parts = [words, tagWords === null ? null : `tags : ${tagWords}`].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const fts = parts.join(" ");
  return { fts, words: words !== null, after: words === null ? null : windowStart(db, fts) };
}

/**
 * A rowid bound for FTS5. better-sqlite3 binds every JS number as a REAL, and FTS5 ignores a rowid
 * constraint whose value is not an INTEGER (it then walks, and for `=` even returns, every match).
 */
const rowid = (id: number) => sql`cast(${id} as integer)`;

/**
 * FROM … WHERE for the rows a search looks at. With a full-text part, FTS5 drives: `cross join` keeps SQLite
 * from walking memories by the (project, category) index and running the full-text query once per row (50×
 * slower). Without one, `scan` sends SQLite to the covering `memories_browse` index rather than the
 * (project, category) one it would pick to group by: one pass over an index that holds every filtered column,
 * instead of a row lookup per memory.
 */
function source(text: TextMatch | null, conditions: SQL[], scan = false): SQL {
  if (text === null) return sql`from ${memories}${scan ? sql` indexed by memories_browse` : sql``}${where(conditions)}`;
  const window = text.after === null ? [] : [sql`memories_fts.rowid > ${rowid(text.after)}`];
  return sql`from memories_fts cross join ${memories} on ${memories.id} = memories_fts.rowid${where([sql`memories_fts match ${text.fts}`, ...window, ...conditions])}`;
}

function facetCells(db: Db, search: ScopedMemorySearch, ctx: Context, text: TextMatch | null): FacetCell[] {
  const conditions = filters(search, ctx, false);
  return db.all<FacetCell>(sql`select ${projects.slug} as project, g.category as category, g.n as count
    from (select ${memories.projectId} as project_id, ${memories.category} as category, count(*) as n
      ${source(text, conditions, conditions.length > 0)} group by 1, 2) g
    left join ${projects} on ${projects.id} = g.project_id`);
}

function pageIds(db: Db, search: ScopedMemorySearch, ctx: Context, text: TextMatch | null, sort: MemorySort): number[] {
  const rows = db.all<{ id: number }>(
    sql`select ${memories.id} as id ${source(text, filters(search, ctx, true))} order by ${order(sort, ctx)} limit ${search.limit} offset ${search.offset}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Highlighted excerpts of the page's memories, in one walk of the matches between the lowest and highest id:
 * the unary `+` keeps `in` from becoming one full-text query per id, which for a prefix means expanding it
 * again every time.
 */
function snippets(db: Db, fts: string, ids: number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = db.all<{ id: number; snippet: string }>(sql`select rowid as id,
      snippet(memories_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', ${SNIPPET_TOKENS}) as snippet
    from memories_fts where memories_fts match ${fts}
      and rowid between ${rowid(Math.min(...ids))} and ${rowid(Math.max(...ids))} and +rowid in ${ids}`);
  return new Map(rows.map((row) => [row.id, row.snippet]));
}

function hitsByIds(db: Db, ids: number[], ctx: Context): Map<number, MemoryHit> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ memory: memories, project: projects.slug, patternSequence: toolPatterns.sequence, effective: ctx.effective })
    .from(memories)
    .leftJoin(projects, eq(projects.id, memories.projectId))
    .leftJoin(toolPatterns, eq(toolPatterns.id, memories.patternId))
    .where(inArray(memories.id, ids))
    .all();
  return new Map(
    rows.map(({ memory: m, project, patternSequence, effective }) => [
      m.id,
      {
        id: m.id,
        project,
        category: m.category as MemoryCategory,
        content: m.content,
        snippet: m.content,
        tags: m.tags.split(" ").filter((tag) => tag !== ""),
        confidence: m.confidence,
        effectiveConfidence: effective,
        pinned: m.pinned,
        source: m.source,
        trajectoryId: m.trajectoryId,
        patternId: m.patternId,
        patternSequence,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
        reinforcedAt: m.reinforcedAt,
      },
    ]),
  );
}

/** The id after which the RANKED_WINDOW newest matches start, or null when there are no more than that. */
function windowStart(db: Db, fts: string): number | null {
  const row = db.get<{ id: number } | undefined>(
    sql`select rowid as id from memories_fts where memories_fts match ${fts} order by rowid desc limit 1 offset ${RANKED_WINDOW}`,
  );
  return row?.id ?? null;
}

const countMatches = (db: Db, fts: string) => db.get<{ n: number }>(sql`select count(*) as n from memories_fts where memories_fts match ${fts}`).n;

/** How many memories the words of `q` match, before any filter (for the benchmark). */
export function countTextMatches(q: string, db: Db = getDb()): number {
  const fts = toFtsQuery(q);
  return fts === null ? 0 : countMatches(db, fts);
}

const QUOTED_QUERY_CHARS = 60;

/** Why the results are bounded; the count of all matches only for a search that may read every project. */
function boundedNote(db: Db, text: TextMatch, search: ScopedMemorySearch): string {
  const format = (n: number) => n.toLocaleString("en-US");
  const q = search.q ?? "";
  const shown = q.length > QUOTED_QUERY_CHARS ? `${q.slice(0, QUOTED_QUERY_CHARS - 1)}…` : q;
  const tagged = search.tag === undefined ? "" : ` tagged ${search.tag}`;
  const matches = search.readable === undefined || search.readable === "all" ? format(countMatches(db, text.fts)) : "very many";
  return `"${shown}" matches ${matches} memories${tagged}: only the ${format(RANKED_WINDOW)} most recently added were ranked and counted. Add words or use a "phrase" to search them all.`;
}

/** Relevance needs words to rank by; without them the default (and the fallback) is the most recent first. */
function resolveSort(sort: MemorySort | undefined, hasText: boolean): MemorySort {
  if (sort === undefined) return hasText ? "relevance" : "recent";
  return sort === "relevance" && !hasText ? "recent" : sort;
}

/**
 * Searches and filters memories: ranked, highlighted, counted and faceted (see the module comment). Without
 * `q` it lists memories (most recent first by default); a `q` with no letter or digit in it (`)))`, an
 * emoji) can match nothing, so it answers an empty result rather than everything.
 */
export function searchMemories(search: ScopedMemorySearch, now: number = Date.now(), db: Db = getDb()): MemorySearchResult {
  const ctx = context(now);
  const fts = search.q === undefined ? null : toFtsQuery(search.q);
  if (search.q !== undefined && fts === null) {
    return { items: [], total: 0, facets: { categories: [], projects: [] }, nextOffset: null, halfLifeDays: ctx.halfLifeDays, bounded: null };
  }
  const text = textMatch(db, fts, search.tag);
  const sort = resolveSort(search.sort, text?.words ?? false);

  const { total, facets } = summarizeFacets(facetCells(db, search, ctx, text), search);
  const ids = pageIds(db, search, ctx, text, sort);
  const hits = hitsByIds(db, ids, ctx);
  const marked = text?.words ? snippets(db, text.fts, ids) : new Map<number, string>();
  const items = ids.flatMap((id) => {
    const hit = hits.get(id);
    return hit ? [{ ...hit, snippet: marked.get(id) ?? hit.content }] : [];
  });
  const end = search.offset + items.length;
  return {
    items,
    total,
    facets,
    nextOffset: end < total && items.length > 0 ? end : null,
    halfLifeDays: ctx.halfLifeDays,
    bounded: text !== null && text.after !== null ? boundedNote(db, text, search) : null,
  };
}

export function getMemory(id: number, now: number = Date.now(), db: Db = getDb()): MemoryHit | null {
  return hitsByIds(db, [id], context(now)).get(id) ?? null;
}
