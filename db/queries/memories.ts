import "server-only";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { memories, projects, toolPatterns } from "@/db/schema";
import type { MemoryHit, MemorySearchResult } from "@/lib/memory/contract";
import { effectiveConfidenceSql, type DecayAt } from "@/lib/memory/decay";
import { summarizeFacets } from "@/lib/memory/facets";
import { toFtsQuery } from "@/lib/memory/fts-query";
import { boundedBrowseNote, boundedTextNote, isPlainBrowse, nextOffset, resolveSort } from "@/lib/memory/search-window";
import { toTsQuery } from "@/lib/memory/ts-query";
import type { MemoryCategory } from "@/lib/trajectory";
import * as tsvector from "../pg/memory-search";
import {
  BM25,
  browseSource,
  browseWindowStart,
  idsSource,
  countedCells,
  fewReadable,
  newestIds,
  ownFilters,
  searchWindow,
  sharedFilters,
  textSource,
  textWindow,
  where,
  type WindowResult,
  type WindowSearch,
} from "./memory-window";
import { MEMORY_DECAY_COLUMNS } from "./memory-decay";
import { fillScratch, snippets, withScratch } from "./memory-snippets";

/**
 * The memory vault's search over `memories_fts` (FTS5, porter + unicode61, kept in sync by triggers), or on
 * PostgreSQL over the `search` tsvector column (db/pg/memory-search.ts) (curation by people is in
 * memory-curation.ts). How it stays bounded at any size is decided in lib/memory/search-window.ts and written as
 * SQL in memory-window.ts; both engines answer the same contract (windows, totals, facets, filters, `bounded`,
 * highlight markers), and differ only in how text relevance is measured (below) and in PostgreSQL's dropping
 * English stop words.
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
 * Access: a search sees the memories of the projects it may read (`readable`) and the global ones, and its window
 * is taken over those alone, so nothing of another project shows in its total, facets, note or order: the
 * full-text index holds each memory's project as a token (FTS5 intersects a word's list with the caller's
 * projects'), a caller who reads few memories has them read by project, and a caller who may not read everything
 * has relevance ranked in a scratch index of their window (bm25 over the whole vault would weigh words by how
 * often they occur in every project, and read every match to do so).
 *
 * On PostgreSQL the text relevance is ts_rank_cd (content 1.0, tags 0.5, normalised by the log of the length),
 * negated so that lower is better as bm25 is, in the same blend. It reads nothing but the memory itself, so the
 * window of any caller is ranked in place; the scope is a filter of the window's statement.
 */

/** A search as the API and the page run it: within the projects the caller may read (default: all). */
export type ScopedMemorySearch = WindowSearch;

/** The effective confidence as SQL, at `at` (the caller reads the configured half-life: lib/server/memories.ts). */
function effectiveAt(at: DecayAt, db: Db): SQL<number> {
  return effectiveConfidenceSql(MEMORY_DECAY_COLUMNS, at.now, at.halfLifeDays, db.$executor.dialect);
}

/**
 * The MATCH expression of the words (on content and tags, never the index's scope column) and the tag (on the
 * tags column; `sharedFilters` checks it exactly).
 */
function textQuery(words: string | null, tag: string | undefined): string | null {
  const tagWords = tag === undefined ? null : toFtsQuery(tag);
  const parts = [words === null ? null : `{content tags} : (${words})`, tagWords === null ? null : `tags : (${tagWords})`].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" AND ") : null;
}

/** The tsquery of the words (content and tags) and the tag (the tags, weighted B; `sharedFilters` checks it exactly). */
function tsQuery(words: string | null, tag: string | undefined): string | null {
  const tagWords = tag === undefined ? null : toTsQuery(tag, "B");
  const parts = [words, tagWords].filter((part) => part !== null);
  return parts.length > 0 ? parts.map((part) => `(${part})`).join(" & ") : null;
}

/** The words of `q` in the query language of the engine's full-text index; null when it holds none. */
const wordsOf = (db: Db, q: string) => (db.$executor.dialect === "postgresql" ? toTsQuery(q) : toFtsQuery(q));

async function hitsByIds(db: Db, ids: number[], effective: SQL<number>): Promise<Map<number, MemoryHit>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ memory: memories, project: projects.slug, patternSequence: toolPatterns.sequence, effective })
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

interface Window extends WindowResult {
  bounded: string | null;
  /** The MATCH expression (PostgreSQL: the tsquery of the words), for highlighting, when the search has words. */
  highlight: string | null;
  /** The scratch index holds the window already (it was ranked there). */
  scratch: boolean;
}

/** The window of a search by words or a tag on PostgreSQL: its newest matches, ranked in place when relevance orders it. */
async function runTsWindow(db: Db, search: ScopedMemorySearch, words: string | null, query: string, shared: SQL[], effective: SQL<number>): Promise<Window> {
  const sort = resolveSort(search.sort, words !== null);
  const { ids, bounded } = await tsvector.textWindow(db, query, search.readable);
  const rank = bounded || sort !== "relevance" ? null : sql`-${tsvector.rankOf(query)}`;
  const result = await searchWindow(db, idsSource(ids, shared, "postgresql"), search, sort, effective, rank);
  const bound = bounded ? boundedTextNote({ q: search.q, tag: search.tag, sort }) : null;
  return { ...result, bounded: bound, highlight: words, scratch: false };
}

async function runWindow(db: Db, search: ScopedMemorySearch, words: string | null, effective: SQL<number>): Promise<Window> {
  const engine = db.$executor.dialect;
  const shared = sharedFilters(search, effective, engine);
  const sort = resolveSort(search.sort, words !== null);
  if (engine === "postgresql") {
    const query = tsQuery(words, search.tag);
    if (query !== null) return runTsWindow(db, search, words, query, shared, effective);
  } else {
    const fts = textQuery(words, search.tag);
    if (fts !== null) {
      const { ids, bounded } = await textWindow(db, fts, search.readable);
      const rankedIn = bounded || sort !== "relevance" ? null : search.readable === undefined || search.readable === "all" ? "memories_fts" : "memory_snippets";
      if (rankedIn === "memory_snippets") await fillScratch(db, ids);
      const source = rankedIn === null ? idsSource(ids, shared, engine) : textSource(fts, shared, rankedIn);
      const result = await searchWindow(db, source, search, sort, effective, rankedIn === null ? null : BM25[rankedIn]);
      const bound = bounded ? boundedTextNote({ q: search.q, tag: search.tag, sort }) : null;
      return { ...result, bounded: bound, highlight: words === null ? null : fts, scratch: rankedIn === "memory_snippets" };
    }
  }
  const byProject = await fewReadable(db, search.readable);
  if (isPlainBrowse(search)) return { cells: await countedCells(db, search.readable), ids: await newestIds(db, search, byProject), bounded: null, highlight: null, scratch: false };
  const bound = byProject ? null : await browseWindowStart(db, search);
  const result = await searchWindow(db, browseSource(bound, search, effective, engine, byProject), search, sort, effective, null);
  return { ...result, bounded: bound === null ? null : boundedBrowseNote(search), highlight: null, scratch: false };
}

/** Highlighted excerpts of the page's memories, cut by the engine's full-text search. */
function highlighted(db: Db, window: Window): Promise<Map<number, string>> {
  if (window.highlight === null) return Promise.resolve(new Map());
  if (db.$executor.dialect === "postgresql") return tsvector.snippets(db, window.highlight, window.ids);
  return snippets(db, window.highlight, window.ids, window.scratch);
}

/**
 * Searches and filters memories: ranked, highlighted, counted and faceted within a bounded window (see
 * lib/memory/search-window.ts). Without `q` it lists memories (most recent first by default); a `q` with no
 * letter or digit in it (`)))`, an emoji) can match nothing, so it answers an empty result rather than everything.
 */
export async function searchMemories(search: ScopedMemorySearch, at: DecayAt, db: Db = getDb()): Promise<MemorySearchResult> {
  const { halfLifeDays } = at;
  const effective = effectiveAt(at, db);
  const words = search.q === undefined ? null : wordsOf(db, search.q);
  if (search.q !== undefined && words === null) {
    return { items: [], total: 0, facets: { categories: [], projects: [] }, nextOffset: null, halfLifeDays, bounded: null };
  }
  // On SQLite the window may be ranked in, and its snippets cut from, the connection's scratch index: searches take turns with it.
  return withScratch(db, async () => {
    const window = await runWindow(db, search, words, effective);
    const { total, facets } = summarizeFacets(window.cells, search);
    const hits = await hitsByIds(db, window.ids, effective);
    const marked = await highlighted(db, window);
    const items = window.ids.flatMap((id) => {
      const hit = hits.get(id);
      return hit ? [{ ...hit, snippet: marked.get(id) ?? hit.content }] : [];
    });
    return { items, total, facets, nextOffset: nextOffset(search.offset, items.length, total), halfLifeDays, bounded: window.bounded };
  });
}

export async function getMemory(id: number, at: DecayAt, db: Db = getDb()): Promise<MemoryHit | null> {
  return (await hitsByIds(db, [id], effectiveAt(at, db))).get(id) ?? null;
}

/**
 * How many memories match the words and every filter of `search`, counted in full, or up to `upTo` (for the
 * benchmark and tests: without a bound this is the slow count a search avoids).
 */
export async function countAllMatches(search: ScopedMemorySearch, at: DecayAt, db: Db = getDb(), upTo?: number): Promise<number> {
  const engine = db.$executor.dialect;
  const words = search.q === undefined ? null : wordsOf(db, search.q);
  if (search.q !== undefined && words === null) return 0;
  const conditions = [...sharedFilters(search, effectiveAt(at, db), engine), ...ownFilters(search, "memories")];
  let source: SQL;
  if (engine === "postgresql") {
    const query = tsQuery(words, search.tag);
    source = sql`from ${memories}${where(query === null ? conditions : [tsvector.matches(query), ...conditions])}`;
  } else {
    const fts = textQuery(words, search.tag);
    source = fts === null ? sql`from ${memories}${where(conditions)}` : textSource(fts, conditions);
  }
  const limit = upTo === undefined ? sql`` : sql` limit ${upTo}`;
  return (await db.get<{ n: number }>(sql`select count(*) as n from (select 1 ${source}${limit}) as matched`)).n;
}
