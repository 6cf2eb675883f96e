import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../engine/database";
import { statement } from "../engine/statement";
import type { ProjectScope } from "../queries/scope";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../lib/memory/contract";
import { TEXT_WINDOW } from "../../lib/memory/search-window";
import { toTsQuery } from "../../lib/memory/ts-query";

/**
 * The PostgreSQL core of the memory search by words (the FTS5 one: db/queries/memory-window.ts,
 * memory-snippets.ts): the `search` tsvector column of `memories` (migration fts_search: content weighted A,
 * tags B, a GIN index) matched by the query's tsquery (lib/memory/ts-query.ts), within the projects the caller
 * may read and the global memories, over the same bounded window (lib/memory/search-window.ts: the TEXT_WINDOW
 * newest matches), ranked, and cut into highlighted snippets with the same markers. Its statements go through
 * the app's `Db`, so inside a transaction they read what it wrote.
 *
 * Ranking: ts_rank_cd with content weighted 1.0 and tags 0.5, as the FTS5 bm25 weights are, normalised by the
 * log of the memory's length as bm25 normalises by length. It reads no statistics of other memories (unlike
 * bm25's document frequencies), so a scoped caller's ranks say nothing about projects they may not read, and a
 * window can be ranked by itself: no scratch index is needed.
 */

/** ts_rank_cd's weights, in the order {D, C, B, A}: tags (B) weigh half of content (A); nothing is weighted C or D. */
const WEIGHTS = "{0, 0, 0.5, 1}";
/** ts_rank_cd normalisation 1: the rank divided by 1 + log of the document's length. */
const NORMALISATION = 1;
/** As many words as the FTS5 snippet's tokens (memory-snippets.ts), around the best-matching fragment. */
const HEADLINE = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}", MaxWords=40, MinWords=15, MaxFragments=1`;
const ELLIPSIS = "…";

/** The relevance of the `memories` row to `tsquery` (higher is better), for a query over `memories`. */
export function rankOf(tsquery: string): SQL<number> {
  return sql<number>`ts_rank_cd(${sql.raw(`'${WEIGHTS}'`)}, memories.search, to_tsquery('english', ${tsquery}), ${sql.raw(String(NORMALISATION))})`;
}

/** The condition that the `memories` row matches `tsquery` (the GIN index finds those rows). */
export function matches(tsquery: string): SQL {
  return sql`memories.search @@ to_tsquery('english', ${tsquery})`;
}

/** `coalesce(project_id, 0)` of the memories a scope reads (0: the global ones); null: every memory. */
const scopeKeys = (readable: ProjectScope | undefined) => (readable === undefined || readable === "all" ? null : [0, ...readable]);

const idRow = z.object({ id: z.coerce.number() });
const rankRow = z.object({ id: z.coerce.number(), rank: z.number() });
const snippetRow = z.object({ id: z.coerce.number(), content: z.string(), headline: z.string() });

const newest = {
  all: statement(`SELECT m.id FROM memories m WHERE m.search @@ to_tsquery('english', ?) ORDER BY m.id DESC LIMIT ?`),
  // The memories_scope index ((coalesce(project_id, 0)), id) serves the scope.
  scoped: statement(
    `SELECT m.id FROM memories m WHERE m.search @@ to_tsquery('english', ?) AND coalesce(m.project_id, 0) = ANY(CAST(? AS bigint[])) ORDER BY m.id DESC LIMIT ?`,
  ),
};

/**
 * The TEXT_WINDOW newest memories matching `tsquery` among those the caller may read, newest first, and whether
 * there were more (the extra one fetched tells a bounded window).
 */
export async function textWindow(db: Db, tsquery: string, readable: ProjectScope | undefined): Promise<{ ids: number[]; bounded: boolean }> {
  const keys = scopeKeys(readable);
  const rows = keys === null ? await newest.all.all(db, tsquery, TEXT_WINDOW + 1) : await newest.scoped.all(db, tsquery, keys, TEXT_WINDOW + 1);
  const ids = z.array(idRow).parse(rows).map((row) => row.id);
  return { ids: ids.slice(0, TEXT_WINDOW), bounded: ids.length > TEXT_WINDOW };
}

const ranks = statement(
  `SELECT m.id, ts_rank_cd('${WEIGHTS}', m.search, to_tsquery('english', ?), ${NORMALISATION}) AS rank FROM memories m WHERE m.id = ANY(CAST(? AS bigint[]))`,
);

/** These memories, most relevant to `tsquery` first (then newest), with their rank. */
export async function ranked(db: Db, tsquery: string, ids: readonly number[]): Promise<{ id: number; rank: number }[]> {
  if (ids.length === 0) return [];
  const rows = z.array(rankRow).parse(await ranks.all(db, tsquery, ids));
  return rows.sort((a, b) => b.rank - a.rank || b.id - a.id);
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * An excerpt marked `…` where it leaves out words before or after it, as FTS5's snippet is. ts_headline's fragment
 * starts and ends at a word: the punctuation the content has beyond it (a closing full stop) is given back.
 */
function excerpt(content: string, headline: string): string {
  const plain = headline.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, "");
  const at = content.indexOf(plain);
  if (at < 0) return `${ELLIPSIS}${headline}${ELLIPSIS}`;
  const before = content.slice(0, at);
  const after = content.slice(at + plain.length);
  return `${WORD.test(before) ? ELLIPSIS : before.trimStart()}${headline}${WORD.test(after) ? ELLIPSIS : after.trimEnd()}`;
}

const headlines = statement(
  `SELECT m.id, m.content, ts_headline('english', m.content, to_tsquery('english', ?), ?) AS headline FROM memories m WHERE m.id = ANY(CAST(? AS bigint[]))`,
);

/** Highlighted excerpts of these memories' content: the words of `tsquery` between HIGHLIGHT_START and HIGHLIGHT_END. */
export async function snippets(db: Db, tsquery: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = z.array(snippetRow).parse(await headlines.all(db, tsquery, HEADLINE, ids));
  return new Map(rows.map((row) => [row.id, excerpt(row.content, row.headline)]));
}

export interface TextSearch {
  q: string;
  readable?: ProjectScope;
  limit: number;
  offset: number;
}

export interface TextSearchResult {
  /** The page: ids, most relevant first, each with its snippet. */
  items: { id: number; rank: number; snippet: string }[];
  /** Matches counted in the window. */
  total: number;
  bounded: boolean;
}

/**
 * A search by words alone, ranked by text relevance only: the window, its page, and the page's snippets; text with
 * nothing searchable finds nothing. (The vault's search, db/queries/memories.ts, blends the same rank with
 * confidence and adds the filters and facets.)
 */
export async function searchText(db: Db, search: TextSearch): Promise<TextSearchResult> {
  const tsquery = toTsQuery(search.q);
  if (tsquery === null) return { items: [], total: 0, bounded: false };
  const { ids, bounded } = await textWindow(db, tsquery, search.readable);
  const window = await ranked(db, tsquery, ids);
  const page = window.slice(search.offset, search.offset + search.limit);
  const marked = await snippets(
    db,
    tsquery,
    page.map((hit) => hit.id),
  );
  return { items: page.map((hit) => ({ ...hit, snippet: marked.get(hit.id) ?? "" })), total: window.length, bounded };
}
