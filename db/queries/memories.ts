import "server-only";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { memories, projects, toolPatterns } from "@/db/schema";
import type { MemoryHit, MemorySearchResult } from "@/lib/memory/contract";
import { effectiveConfidenceSql, type DecayAt } from "@/lib/memory/decay";
import { summarizeFacets } from "@/lib/memory/facets";
import { ftsPhrases, openPrefixes } from "@/lib/memory/fts-query";
import { markPrefixes } from "@/lib/memory/highlight";
import { boundedBrowseNote, boundedTextNote, isPlainBrowse, nextOffset, resolveSort } from "@/lib/memory/search-window";
import { ftsSearchText, ftsWalkText, tsSearchText, type SearchText, type TextQuery } from "@/lib/memory/text-query";
import { tsPrefixWords } from "@/lib/memory/ts-query";
import type { MemoryCategory } from "@/lib/session";
import * as tsvector from "../pg/memory-search";
import {
  BM25,
  browseSource,
  browseWindowStart,
  idsSource,
  countedCells,
  eitherTextSource,
  fewReadable,
  newestIds,
  phrasePairs,
  ownFilters,
  prefixTerms,
  searchWindow,
  sharedFilters,
  textSource,
  textWindow,
  where,
  type WindowResult,
  type WindowSearch,
  type WindowSource,
} from "./memory-window";
import { memoryDecayColumns } from "./memory-decay";
import { fillScratch, snippets, withScratch } from "./memory-snippets";

/**
 * The memory vault's search over `memories_fts` (FTS5, porter + unicode61: the words stemmed) and `memories_words`
 * (unicode61: the words as written, for prefix words), kept in sync by triggers, or on PostgreSQL over the `search`
 * and `words` tsvector columns (db/pg/memory-search.ts) (curation by people is in memory-curation.ts). How it stays
 * bounded at any size is decided in lib/memory/search-window.ts and written as SQL in memory-window.ts; both
 * engines answer the same contract (windows, totals, facets, filters, `bounded`, highlight markers), and differ
 * only in how text relevance is measured (below) and in PostgreSQL's dropping English stop words.
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
 * often they occur in every project, and read every match to do so). So has a search holding a phrase: FTS5 checks
 * a phrase position by position in every memory holding its words, and the window has done that once already.
 *
 * On PostgreSQL the text relevance is ts_rank_cd (content 1.0, tags 0.5, normalised by the log of the length),
 * negated so that lower is better as bm25 is, in the same blend. It reads nothing but the memory itself, so the
 * window of any caller is ranked in place.
 *
 * The memories a prefix word alone brings in (`deplo` finding "deployment") are not ranked by relevance: they
 * follow the whole-word matches, by confidence.
 */

/** A search as the API and the page run it: within the projects the caller may read (default: all). */
export type ScopedMemorySearch = WindowSearch;

/** The effective confidence as SQL, at `at` (the caller reads the configured half-life: lib/server/memories.ts). */
function effectiveAt(db: Db, at: DecayAt): SQL<number> {
  return effectiveConfidenceSql(memoryDecayColumns(db), at.now, at.halfLifeDays, isPostgres(db));
}

/** On PostgreSQL, the words of `q` and the tag with each prefix word that begins few words written as those words (memory-search.ts `prefixTerms`). */
async function listedTsText(db: Db, search: Pick<ScopedMemorySearch, "q" | "tag">): Promise<SearchText> {
  return tsSearchText(
    search.q,
    search.tag,
    await tsvector.prefixTerms(db, search.q === undefined ? [] : tsPrefixWords(search.q)),
  );
}

/**
 * The words of `q` and the tag in the query language of the engine's full-text indexes, with each prefix word that
 * begins few words written as those words (memory-window.ts `prefixTerms`). On PostgreSQL the prefix words stay
 * open here: the window looks their words up only when it reads the prefix tier (`listedTsText`).
 */
async function searchText(db: Db, search: Pick<ScopedMemorySearch, "q" | "tag">): Promise<SearchText> {
  if (isPostgres(db)) return tsSearchText(search.q, search.tag);
  const plain = ftsSearchText(search.q, search.tag);
  if (search.q === undefined || plain.query?.prefixes == null) return plain;
  const terms = new Map<string, string[]>();
  for (const prefix of openPrefixes(search.q)) {
    const listed = await prefixTerms(db, prefix);
    if (listed !== null) terms.set(prefix, listed);
  }
  return ftsSearchText(search.q, search.tag, terms);
}

/** `q` holds nothing searchable (no letter or digit), so nothing can match. */
const unsearchable = (search: Pick<ScopedMemorySearch, "q">, text: SearchText) =>
  search.q !== undefined && text.words === null;

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
        sessionId: m.sessionId,
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
  /**
   * For highlighting, when the search has words: its query, which memories of the window match only through a
   * prefix, and the prefix words (whose longer words a whole-word match's snippet does not mark).
   */
  highlight: { query: TextQuery; prefixed: Set<number>; starts: string[] } | null;
  /** The scratch index holds the window's whole-word matches already (they were ranked there). */
  scratch: boolean;
}

/** On SQLite, what the walk of memories_fts for `query` matches: the same, the phrases of `q` read through their pairs. */
async function walkText(
  db: Db,
  search: ScopedMemorySearch,
  query: TextQuery,
  phrases: readonly string[],
): Promise<string> {
  return ftsWalkText(search.q, search.tag, await phrasePairs(db, phrases)) ?? query.words;
}

/**
 * The window of a search by words or a tag (lib/memory/search-window.ts): the newest whole-word matches, then the
 * newest prefix-only ones. Ranked by relevance, the whole-word matches are ranked in the stemmed index (SQLite:
 * the vault's, or the scratch index for a caller who may not read everything or a phrase; PostgreSQL: in place), and the
 * prefix-only ones follow.
 */
async function runTextWindow(
  db: Db,
  search: ScopedMemorySearch,
  text: SearchText,
  query: TextQuery,
  shared: SQL[],
  effective: SQL<number>,
): Promise<Window> {
  const postgres = isPostgres(db);
  const sort = resolveSort(search.sort, text.words !== null);
  const phrases = search.q === undefined ? [] : ftsPhrases(search.q);
  const listed = async () => (await listedTsText(db, search)).query ?? query;
  const window = postgres
    ? await tsvector.textWindow(db, query, search.readable, listed)
    : await textWindow(db, query, await walkText(db, search, query, phrases), search.readable);
  const ranked = window.bounded !== "words" && sort === "relevance";
  const phrased = phrases.length > 0 || (search.tag !== undefined && ftsPhrases(search.tag, false).length > 0);
  const inScratch = (search.readable !== undefined && search.readable !== "all") || phrased;
  let whole: WindowSource = { from: idsSource(window.words, shared, postgres), rank: null };
  if (ranked && postgres) whole = { ...whole, rank: sql`-${tsvector.rankOf(query.words)}` };
  if (ranked && !postgres) {
    const index = inScratch ? "memory_snippets" : "memories_fts";
    if (inScratch) await fillScratch(db, window.words);
    whole = { from: textSource(query.words, shared, index), rank: BM25[index] };
  }
  const prefixed: WindowSource[] =
    window.prefixed.length > 0 ? [{ from: idsSource(window.prefixed, shared, postgres), rank: null }] : [];
  const result = await searchWindow(db, [whole, ...prefixed], search, sort, effective);
  const bounded =
    window.bounded === null ? null : boundedTextNote({ q: search.q, tag: search.tag, sort, by: window.bounded });
  const highlight =
    search.q === undefined ? null : { query, prefixed: new Set(window.prefixed), starts: openPrefixes(search.q) };
  return { ...result, bounded, highlight, scratch: ranked && !postgres && inScratch };
}

async function runWindow(
  db: Db,
  search: ScopedMemorySearch,
  text: SearchText,
  effective: SQL<number>,
): Promise<Window> {
  const postgres = isPostgres(db);
  const shared = sharedFilters(search, effective, postgres);
  if (text.query !== null) return runTextWindow(db, search, text, text.query, shared, effective);
  const sort = resolveSort(search.sort, false);
  const byProject = await fewReadable(db, search.readable);
  if (isPlainBrowse(search)) {
    const [cells, ids] = await Promise.all([countedCells(db, search.readable), newestIds(db, search, byProject)]);
    return { cells, ids, bounded: null, highlight: null, scratch: false };
  }
  const bound = byProject ? null : await browseWindowStart(db, search);
  const result = await searchWindow(
    db,
    [{ from: browseSource(bound, search, effective, postgres, byProject), rank: null }],
    search,
    sort,
    effective,
  );
  return { ...result, bounded: bound === null ? null : boundedBrowseNote(search), highlight: null, scratch: false };
}

/** Highlighted excerpts of the page's memories, cut by the engine's full-text search: whole words, or a prefix's. */
async function highlighted(db: Db, window: Window): Promise<Map<number, string>> {
  if (window.highlight === null) return new Map();
  const { query, prefixed, starts } = window.highlight;
  const whole = window.ids.filter((id) => !prefixed.has(id));
  const open = window.ids.filter((id) => prefixed.has(id));
  const prefixes = query.prefixes === null || open.length === 0 ? null : query.prefixes;
  let stemmed: Map<number, string>;
  let more: Map<number, string>;
  if (isPostgres(db)) {
    // Each on a connection of its own from the pool: neither waits for the other's round trip.
    [stemmed, more] = await Promise.all([
      tsvector.snippets(db, query.words, whole),
      prefixes === null ? new Map<number, string>() : tsvector.snippets(db, prefixes, open, "words"),
    ]);
  } else {
    stemmed = await snippets(db, query.words, whole, "memory_snippets", window.scratch);
    more = prefixes === null ? new Map() : await snippets(db, prefixes, open, "memory_word_snippets");
  }
  return new Map([...[...stemmed].map(([id, snippet]) => [id, markPrefixes(snippet, starts)] as const), ...more]);
}

/**
 * Searches and filters memories: ranked, highlighted, counted and faceted within a bounded window (see
 * lib/memory/search-window.ts). Without `q` it lists memories (most recent first by default); a `q` with no
 * letter or digit in it (`)))`, an emoji) can match nothing, so it answers an empty result rather than everything.
 */
export async function searchMemories(db: Db, search: ScopedMemorySearch, at: DecayAt): Promise<MemorySearchResult> {
  const { halfLifeDays } = at;
  const effective = effectiveAt(db, at);
  const text = await searchText(db, search);
  if (unsearchable(search, text))
    return {
      items: [],
      total: 0,
      facets: { categories: [], projects: [] },
      nextOffset: null,
      halfLifeDays,
      bounded: null,
    };
  // On SQLite the window may be ranked in, and its snippets cut from, the connection's scratch index: searches take turns with it.
  return withScratch(db, async () => {
    const window = await runWindow(db, search, text, effective);
    const { total, facets } = summarizeFacets(window.cells, search);
    // On PostgreSQL the page's rows and its snippets are read at once, on connections of their own.
    const [hits, marked] = await Promise.all([hitsByIds(db, window.ids, effective), highlighted(db, window)]);
    const items = window.ids.flatMap((id) => {
      const hit = hits.get(id);
      return hit ? [{ ...hit, snippet: marked.get(id) ?? hit.content }] : [];
    });
    return {
      items,
      total,
      facets,
      nextOffset: nextOffset(search.offset, items.length, total),
      halfLifeDays,
      bounded: window.bounded,
    };
  });
}

export async function getMemory(db: Db, id: number, at: DecayAt): Promise<MemoryHit | null> {
  return (await hitsByIds(db, [id], effectiveAt(db, at))).get(id) ?? null;
}

/**
 * How many memories match the words and every filter of `search`, counted in full, or up to `upTo` (for the
 * benchmark and tests: without a bound this is the slow count a search avoids).
 */
export async function countAllMatches(db: Db, search: ScopedMemorySearch, at: DecayAt, upTo?: number): Promise<number> {
  const postgres = isPostgres(db);
  const text = postgres ? await listedTsText(db, search) : await searchText(db, search);
  if (unsearchable(search, text)) return 0;
  const conditions = [...sharedFilters(search, effectiveAt(db, at), postgres), ...ownFilters(search, "memories")];
  let source = sql`from ${memories}${where(conditions)}`;
  if (text.query !== null)
    source = postgres
      ? sql`from ${memories}${where([tsvector.matches(text.query), ...conditions])}`
      : eitherTextSource(text.query, conditions);
  const limit = upTo === undefined ? sql`` : sql` limit ${upTo}`;
  return (await db.get<{ n: number }>(sql`select count(*) as n from (select 1 ${source}${limit}) as matched`)).n;
}
