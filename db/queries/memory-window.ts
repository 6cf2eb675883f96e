import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { memories, projects } from "@/db/schema";
import type { MemorySearch, MemorySort } from "@/lib/memory/contract";
import { DAY_MS } from "@/lib/memory/decay";
import type { FacetCell } from "@/lib/memory/facets";
import { PREFIX_TERMS, type FtsQuery, type PhrasePairs } from "@/lib/memory/fts-query";
import { BROWSE_WINDOW, TEXT_WINDOW, tieredWindow, type TieredWindow } from "@/lib/memory/search-window";
import { createScratch } from "./memory-snippets";
import { inScopeOrGlobal, type ProjectScope } from "./scope";

/**
 * The SQL of one memory search's window (lib/memory/search-window.ts says which window a search gets): where it
 * starts, and one statement that counts the window's facet cells and picks the page from it. The same SQL runs on
 * both engines but for the full-text index (FTS5 here, the `search` column on PostgreSQL: db/pg/memory-search.ts)
 * and SQLite's `indexed by` hints, which PostgreSQL's planner does without.
 */

export interface WindowSearch extends MemorySearch {
  readable?: ProjectScope;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The days of the last update, UTC and inclusive: a range of the `memories_browse` index. */
function dayFilters(search: Pick<MemorySearch, "from" | "to">): SQL[] {
  const out: SQL[] = [];
  if (search.from !== undefined) out.push(sql`${memories.updatedAt} >= ${dayStart(search.from)}`);
  if (search.to !== undefined) out.push(sql`${memories.updatedAt} < ${dayStart(search.to) + DAY_MS}`);
  return out;
}

/** The memories of the projects in `readable` and the global ones (none: every memory). */
const readableFilter = (readable: ProjectScope | undefined): SQL[] =>
  readable === undefined || readable === "all" ? [] : [inScopeOrGlobal(memories.projectId, readable)];

/** Where `needle` first occurs in `text`, from 1; 0 when it does not. */
const position = (postgres: boolean) => sql.raw(postgres ? "strpos" : "instr");

/** The filters the facets count under: read access, the exact tag, confidence and days (not project, category). */
export function sharedFilters(search: WindowSearch, effective: SQL<number>, postgres: boolean): SQL[] {
  const out: SQL[] = [];
  out.push(...readableFilter(search.readable));
  if (search.tag !== undefined)
    out.push(sql`${position(postgres)}(' ' || ${memories.tags} || ' ', ${` ${search.tag} `}) > 0`);
  if (search.minConfidence !== undefined) out.push(sql`${effective} >= ${search.minConfidence}`);
  return [...out, ...dayFilters(search)];
}

/** The project and category filters, over the columns of a window row (`w`) or of `memories`. */
export function ownFilters(search: WindowSearch, table: "w" | "memories"): SQL[] {
  const out: SQL[] = [];
  const column = (name: string) => sql.raw(`${table}.${name}`);
  if (search.project !== undefined)
    out.push(
      sql`${column("project_id")} = (select ${projects.id} from ${projects} where ${projects.slug} = ${search.project})`,
    );
  if (search.category !== undefined) out.push(sql`${column("category")} = ${search.category}`);
  return out;
}

export const where = (conditions: SQL[]) =>
  conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;

/** The MATCH expression of the projects in `readable` and the global memories (none: every memory). */
function scopeMatch(readable: ProjectScope | undefined): string | null {
  if (readable === undefined || readable === "all") return null;
  return `scope : (${["p0", ...readable.map((id) => `p${id}`)].join(" OR ")})`;
}

/** The newest matches in each full-text index of the vault: its words stemmed (porter), and as written (migration 0030). */
const NEWEST_MATCHES = {
  memories_fts: statement<{ rowid: number }>(
    "select rowid from memories_fts where memories_fts match ? order by rowid desc limit ?",
  ),
  memories_words: statement<{ rowid: number }>(
    "select rowid from memories_words where memories_words match ? order by rowid desc limit ?",
  ),
};

/**
 * The window of a search by words among the memories the caller may read (lib/memory/search-window.ts, tieredWindow):
 * the TEXT_WINDOW + 1 newest matches of `fts.words` (one walk of the stemmed index, newest first, intersected with
 * their projects' lists; `walk` is the expression of `fts.words` it walks, its phrases read through their pairs:
 * text-query.ts `ftsWalkText`), then, unless those fill the window, of `fts.prefixes` in the index of words as written.
 * Unless bm25 needs the full-text cursor, the window is then read by these ids instead of running the query again:
 * each run checks a phrase position by position and merges the lists of every word a prefix begins.
 */
export async function textWindow(
  db: Db,
  fts: FtsQuery,
  walk: string,
  readable: ProjectScope | undefined,
): Promise<TieredWindow> {
  const scope = scopeMatch(readable);
  const newest = async (index: keyof typeof NEWEST_MATCHES, query: string) => {
    const rows = await NEWEST_MATCHES[index].all(
      db,
      scope === null ? query : `(${query}) AND ${scope}`,
      TEXT_WINDOW + 1,
    );
    return rows.map((row) => row.rowid);
  };
  const words = await newest("memories_fts", walk);
  const prefixes =
    fts.prefixes === null || words.length > TEXT_WINDOW ? null : await newest("memories_words", fts.prefixes);
  return tieredWindow(words, prefixes);
}

// A phrase's pairs of neighbouring stems, made as migration 0031 makes a memory's, in order.
const queryStems = {
  fill: statement("insert into temp.memory_query_stems (rowid, content) select key + 1, value from json_each(?)"),
  pairs: statement<{ doc: number; pair: string }>(`select doc, pair from (
    select doc, offset, length(term) || term || lead(term) over w || length(lead(term) over w) as pair
    from temp.memory_query_stem_instances window w as (partition by doc order by offset)
  ) where pair is not null order by doc, offset`),
  clear: statement("delete from temp.memory_query_stems"),
};

/**
 * The pair tokens of each of `phrases` (fts-query.ts `ftsPhrases`) in memories_fts's `pairs` column, in order. The
 * stems are FTS5's own, read back from a scratch index tokenizing as memories_fts does, so a phrase's pairs are
 * those of every memory holding it. A phrase FTS5 reads as one token has none.
 */
export async function phrasePairs(db: Db, phrases: readonly string[]): Promise<PhrasePairs> {
  if (phrases.length === 0) return new Map();
  await createScratch(db);
  await queryStems.fill.run(db, JSON.stringify(phrases));
  const rows = await queryStems.pairs.all(db);
  await queryStems.clear.run(db);
  return new Map(phrases.map((phrase, i) => [phrase, rows.filter((row) => row.doc === i + 1).map((row) => row.pair)]));
}

// A skip scan of the words in order: each step seeks the first occurrence of a word after the last one (char(1)
// sorts after the word and before any longer one), instead of reading every occurrence in between.
const wordsBeginning = statement<{ term: string }>(`with recursive bounds(first, past, most) as (select ?, ?, ?),
  words(term, n) as (
    select (select term from temp.memory_word_terms where term >= (select first from bounds) limit 1), 1
    union all
    select (select term from temp.memory_word_terms where term >= words.term || char(1) limit 1), n + 1 from words, bounds where words.term < bounds.past and n <= bounds.most
  ) select term from words, bounds where words.term >= bounds.first and words.term < bounds.past`);

/** The string just after every string beginning with `prefix`. */
const pastPrefix = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);

/**
 * The words of the vault as written (memories_words) that begin with `prefix`, in order, when there are at most
 * PREFIX_TERMS of them; null when there are more. Reading a word costs a seek, not its occurrences.
 */
export async function prefixTerms(db: Db, prefix: string): Promise<string[] | null> {
  await createScratch(db);
  const rows = await wordsBeginning.all(db, prefix, pastPrefix(prefix), PREFIX_TERMS);
  return rows.length > PREFIX_TERMS ? null : rows.map((row) => row.term);
}

/**
 * The full-text index a window is ranked in: the vault's, or the scratch index holding only the window (whose
 * word statistics are those of the memories the caller may read; see memory-snippets.ts).
 */
export type RankIndex = "memories_fts" | "memory_snippets";

/** bm25 (content 1.0, tags 0.5; memories_fts's scope and pairs nothing) in that index, for a `textSource` over it: lower is better. */
export const BM25: Record<RankIndex, SQL> = {
  memories_fts: sql`bm25(memories_fts, 1.0, 0.5, 0.0, 0.0)`,
  memory_snippets: sql`bm25(memory_snippets, 1.0, 0.5)`,
};

/** FROM … WHERE of the memories that match `fts` and the shared filters, with FTS5 driving (for bm25). */
export function textSource(fts: string, conditions: SQL[], index: RankIndex = "memories_fts"): SQL {
  const table = sql.raw(index);
  // `cross join` keeps SQLite from walking memories by an index and running the full-text query once per row.
  return sql`from ${table} cross join ${memories} on ${memories.id} = ${table}.rowid${where([sql`${table} match ${fts}`, ...conditions])}`;
}

/**
 * FROM … WHERE of the memories matching either expression of `fts` (for a full count): the stemmed index's
 * matches and the prefix matches, each counted once.
 */
export function eitherTextSource(fts: FtsQuery, conditions: SQL[]): SQL {
  if (fts.prefixes === null) return textSource(fts.words, conditions);
  const matched = sql`(select rowid as id from memories_fts where memories_fts match ${fts.words} union select rowid from memories_words where memories_words match ${fts.prefixes})`;
  return sql`from ${matched} as matched cross join ${memories} on ${memories.id} = matched.id${where(conditions)}`;
}

/**
 * FROM … WHERE of the memories with these ids that pass the shared filters. On PostgreSQL as `id = ANY(array)`, which
 * the planner reads through the primary key; a join with the unnested array was planned, in a small vault, as a hash
 * join over a scan of every memory (a window of 928 ids at 10,000 memories: 11 ms against 4; at 100,000 both plans
 * read the key, in the same time).
 */
export function idsSource(ids: number[], conditions: SQL[], postgres: boolean): SQL {
  if (postgres)
    return sql`from ${memories}${where([sql`${memories.id} = any(cast(${`{${ids.join(",")}}`} as bigint[]))`, ...conditions])}`;
  return sql`from json_each(${JSON.stringify(ids)}) as window_ids cross join ${memories} on ${memories.id} = window_ids.value${where(conditions)}`;
}

/** SQLite's hint to read `memories` by this index; PostgreSQL's planner picks its own. */
const indexedBy = (postgres: boolean, index: "memories_browse" | "memories_project_category") =>
  postgres ? sql`` : sql.raw(` indexed by ${index}`);

/** The newest-first order of browsing: the `memories_browse` index holds updated_at first. */
const NEWEST = sql`${memories.updatedAt} desc, ${memories.id} desc`;

/** The memory just outside the BROWSE_WINDOW most recently updated in the search's days; null when all fit. */
export interface BrowseBound {
  updatedAt: number;
  id: number;
}

export async function browseWindowStart(
  db: Db,
  search: Pick<WindowSearch, "from" | "to" | "readable">,
): Promise<BrowseBound | null> {
  const postgres = isPostgres(db);
  const row = await db.get<BrowseBound | undefined>(
    sql`select ${memories.updatedAt} as "updatedAt", ${memories.id} as id from ${memories}${indexedBy(postgres, "memories_browse")}${where([...readableFilter(search.readable), ...dayFilters(search)])} order by ${NEWEST} limit 1 offset ${BROWSE_WINDOW}`,
  );
  return row ?? null;
}

/**
 * Whether the caller reads so few memories (at most BROWSE_WINDOW, counted by triggers) that a window of theirs
 * is all of them: they are then read by project (the `memories_project_category` index) rather than by walking
 * every project's newest memories to find theirs.
 */
export async function fewReadable(db: Db, readable: ProjectScope | undefined): Promise<boolean> {
  if (readable === undefined || readable === "all") return false;
  const project = sql`nullif(c.project_key, 0)`;
  const { n } = await db.get<{ n: number | null }>(
    sql`select sum(c.n) as n from memory_counts c${where([inScopeOrGlobal(project, readable)])}`,
  );
  return (n ?? 0) <= BROWSE_WINDOW;
}

/**
 * FROM … WHERE of the memories newer than `bound` (all, if null) that pass the shared filters, read from the
 * covering `memories_browse` index alone (it holds every column a filter, the facets or the sorts read). The
 * bound is the index range's start, in place of the first day (which it is never before): SQLite ranges over
 * one lower bound only. `byProject`: the caller's memories are few (`fewReadable`), read by project instead.
 */
export function browseSource(
  bound: BrowseBound | null,
  search: WindowSearch,
  effective: SQL<number>,
  postgres: boolean,
  byProject = false,
): SQL {
  if (byProject)
    return sql`from ${memories}${indexedBy(postgres, "memories_project_category")}${where(sharedFilters(search, effective, postgres))}`;
  const browse = indexedBy(postgres, "memories_browse");
  if (bound === null) return sql`from ${memories}${browse}${where(sharedFilters(search, effective, postgres))}`;
  const window = sql`${memories.updatedAt} >= ${bound.updatedAt} and (${memories.updatedAt} > ${bound.updatedAt} or ${memories.id} > ${bound.id})`;
  return sql`from ${memories}${browse}${where([window, ...sharedFilters({ ...search, from: undefined }, effective, postgres)])}`;
}

function order(sort: MemorySort, ranked: boolean): SQL {
  const rest = sql`w.eff desc, w.updated_at desc, w.id desc`;
  if (sort === "relevance" && ranked) return sql`(w.b is null), w.b * (0.5 + 0.5 * w.eff), ${rest}`;
  return sort === "recent" ? sql`w.updated_at desc, w.id desc` : rest;
}

export interface WindowResult {
  cells: FacetCell[];
  ids: number[];
}

/**
 * Where rows of a window come from (a FROM … WHERE over `memories`), and their text relevance, lower is better
 * (bm25 over the full-text index the source joins; on PostgreSQL the negated ts_rank_cd); null: unranked.
 */
export interface WindowSource {
  from: SQL;
  rank: SQL | null;
}

/**
 * The window's facet cells and the page, in one statement over the window (the rows of every source) materialized
 * once. Ordered by relevance, the page has the ranked rows first, by their rank blended with confidence, then the
 * unranked ones.
 */
export async function searchWindow(
  db: Db,
  sources: WindowSource[],
  search: WindowSearch,
  sort: MemorySort,
  effective: SQL<number>,
): Promise<WindowResult> {
  const ranked = sources.some((source) => source.rank !== null);
  const rowsOf = ({
    from,
    rank,
  }: WindowSource) => sql`select ${memories.id} as id, ${memories.projectId} as project_id, ${memories.category} as category,
        ${memories.updatedAt} as updated_at, ${effective} as eff${ranked ? sql`, ${rank ?? sql`null`} as b` : sql``} ${from}`;
  const rows = await db.all<{
    page: 0 | 1;
    project: string | null;
    category: string | null;
    n: number;
  }>(sql`with w as materialized (
      ${sql.join(sources.map(rowsOf), sql` union all `)})
    select 0 as page, ${projects.slug} as project, g.category as category, g.n as n
      from (select project_id, category, count(*) as n from w group by 1, 2) g left join ${projects} on ${projects.id} = g.project_id
    union all
    select 1, null, null, id from (select w.id as id from w${where(ownFilters(search, "w"))} order by ${order(sort, ranked)} limit ${search.limit} offset ${search.offset}) as paged`);
  return {
    cells: rows
      .filter((r) => r.page === 0)
      .map((r) => ({ project: r.project, category: r.category ?? "", count: r.n })),
    ids: rows.filter((r) => r.page === 1).map((r) => r.n),
  };
}

/** Plain browsing's facet cells, from the counts kept by triggers (memory_counts; project_key 0: global). */
export async function countedCells(db: Db, readable: ProjectScope | undefined): Promise<FacetCell[]> {
  const project = sql`nullif(c.project_key, 0)`;
  const scope = readable === undefined || readable === "all" ? [] : [inScopeOrGlobal(project, readable)];
  return db.all<FacetCell>(sql`select ${projects.slug} as project, c.category as category, c.n as count
    from memory_counts c left join ${projects} on ${projects.id} = ${project}${where([sql`c.n > 0`, ...scope])}`);
}

/**
 * Plain browsing's page: a walk of the newest-first index, stopping at the page's end; or, for a caller who reads
 * few memories (`byProject`), theirs read by project and sorted.
 */
export async function newestIds(db: Db, search: WindowSearch, byProject = false): Promise<number[]> {
  const index = indexedBy(isPostgres(db), byProject ? "memories_project_category" : "memories_browse");
  const rows = await db.all<{ id: number }>(
    sql`select ${memories.id} as id from ${memories}${index}${where([...readableFilter(search.readable), ...ownFilters(search, "memories")])} order by ${NEWEST} limit ${search.limit} offset ${search.offset}`,
  );
  return rows.map((row) => row.id);
}
