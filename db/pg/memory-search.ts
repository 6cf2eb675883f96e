import type { Pool } from "pg";
import { z } from "zod";
import type { ProjectScope } from "../queries/scope";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../lib/memory/contract";
import { TEXT_WINDOW } from "../../lib/memory/search-window";
import { toTsQuery } from "../../lib/memory/ts-query";

/**
 * The PostgreSQL core of the memory search by words (the FTS5 one: db/queries/memory-window.ts,
 * memory-snippets.ts): the `search` tsvector column of `memories` (migration fts_search: content weighted A,
 * tags B, a GIN index) matched by the query's tsquery (lib/memory/ts-query.ts), within the projects the caller
 * may read and the global memories, over the same bounded window (lib/memory/search-window.ts: the TEXT_WINDOW
 * newest matches), ranked, and cut into highlighted snippets with the same markers.
 *
 * Ranking: ts_rank_cd with content weighted 1.0 and tags 0.5, as the FTS5 bm25 weights are, normalised by the
 * log of the memory's length as bm25 normalises by length. It reads no statistics of other memories (unlike
 * bm25's document frequencies), so a scoped caller's ranks say nothing about projects they may not read, and a
 * bounded window can be ranked too: no scratch index is needed.
 */

/** ts_rank_cd's weights, in the order {D, C, B, A}: tags (B) weigh half of content (A); nothing is weighted C or D. */
const WEIGHTS = "{0, 0, 0.5, 1}";
/** ts_rank_cd normalisation 1: the rank divided by 1 + log of the document's length. */
const NORMALISATION = 1;
/** As many words as the FTS5 snippet's tokens (memory-snippets.ts), around the best-matching fragment. */
const HEADLINE = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}", MaxWords=40, MinWords=15, MaxFragments=1`;
const ELLIPSIS = "…";

export interface TextWindow {
  /** The window's memories, most relevant first (then newest), with their rank. */
  ranked: { id: number; rank: number }[];
  /** There were more matches than the window holds. */
  bounded: boolean;
}

const windowRow = z.object({ id: z.coerce.number(), rank: z.number() });
const snippetRow = z.object({ id: z.coerce.number(), content: z.string(), headline: z.string() });

/** `coalesce(project_id, 0)` of the memories a scope reads (0: the global ones); null: every memory. */
const scopeKeys = (readable: ProjectScope | undefined) => (readable === undefined || readable === "all" ? null : [0, ...readable]);

/**
 * The TEXT_WINDOW newest memories matching `tsquery` among those the caller may read, ranked. One statement:
 * the GIN index finds the matches, the newest TEXT_WINDOW + 1 are kept (the extra one tells a bounded window),
 * and only the window's rows are ranked.
 */
export async function textWindow(pool: Pool, tsquery: string, readable: ProjectScope | undefined): Promise<TextWindow> {
  const keys = scopeKeys(readable);
  const { rows } = await pool.query(
    `WITH q AS (SELECT to_tsquery('english', $1) AS q),
      w AS (SELECT m.id, m.search FROM memories m, q WHERE m.search @@ q.q AND ($2::bigint[] IS NULL OR coalesce(m.project_id, 0) = ANY($2::bigint[]))
        ORDER BY m.id DESC LIMIT $3)
    SELECT w.id, ts_rank_cd('${WEIGHTS}', w.search, q.q, ${NORMALISATION}) AS rank FROM w, q ORDER BY w.id DESC`,
    [tsquery, keys, TEXT_WINDOW + 1],
  );
  const window = z.array(windowRow).parse(rows);
  const kept = window.slice(0, TEXT_WINDOW);
  return { ranked: kept.sort((a, b) => b.rank - a.rank || b.id - a.id), bounded: window.length > TEXT_WINDOW };
}

/** An excerpt marked `…` where it starts after the content's start or ends before its end, as FTS5's snippet is. */
function excerpt(content: string, headline: string): string {
  const plain = headline.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, "");
  const trimmed = content.trim();
  return `${trimmed.startsWith(plain) ? "" : ELLIPSIS}${headline}${trimmed.endsWith(plain) ? "" : ELLIPSIS}`;
}

/** Highlighted excerpts of these memories' content: the words of `tsquery` between HIGHLIGHT_START and HIGHLIGHT_END. */
export async function snippets(pool: Pool, tsquery: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query(
    `SELECT m.id, m.content, ts_headline('english', m.content, to_tsquery('english', $1), $2) AS headline
      FROM memories m WHERE m.id = ANY($3::bigint[])`,
    [tsquery, HEADLINE, ids],
  );
  return new Map(z.array(snippetRow).parse(rows).map((row) => [row.id, excerpt(row.content, row.headline)]));
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

/** A search by words: the window, its page, and the page's snippets; text with nothing searchable finds nothing. */
export async function searchText(pool: Pool, search: TextSearch): Promise<TextSearchResult> {
  const tsquery = toTsQuery(search.q);
  if (tsquery === null) return { items: [], total: 0, bounded: false };
  const { ranked, bounded } = await textWindow(pool, tsquery, search.readable);
  const page = ranked.slice(search.offset, search.offset + search.limit);
  const marked = await snippets(
    pool,
    tsquery,
    page.map((hit) => hit.id),
  );
  return { items: page.map((hit) => ({ ...hit, snippet: marked.get(hit.id) ?? "" })), total: ranked.length, bounded };
}
