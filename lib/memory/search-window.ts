import type { MemorySearch, MemorySort } from "./contract";

/**
 * How a memory search stays fast at any vault size (DESIGN §4: p95 ≤ 10 ms for queries matching up to 10,000
 * memories, every query ≤ 100 ms at 1,000,000), as plain decisions the SQL (db/queries/memories.ts) follows.
 *
 * A search with words (or a tag) looks at the TEXT_WINDOW most recently added memories they match; one without
 * them, at the BROWSE_WINDOW most recently updated memories (within its days, if it has a date range). Both count
 * only the memories the caller may read, so nothing about other projects shows in a window. The other
 * filters, the sort, the total, the facets and the pages apply within that window, so they agree with each other,
 * and when there were more candidates than the window holds, `bounded` says so. Ranking by relevance needs bm25,
 * which reads every match of every word once (its document frequency) whatever the window: a bounded window is
 * therefore ordered by confidence, then recency, and the note says that too.
 *
 * One kind of search needs no window: plain browsing (no words, tag, confidence or dates, most recent first), the
 * vault's front page. Its total and facets come from per-project, per-category counts kept by triggers, and its
 * page is a walk of the newest-first index.
 */

export const TEXT_WINDOW = 2_000;
export const BROWSE_WINDOW = 10_000;

/** Relevance needs words to rank by; without them the default (and the fallback) is the most recent first. */
export function resolveSort(sort: MemorySort | undefined, hasWords: boolean): MemorySort {
  if (sort === undefined) return hasWords ? "relevance" : "recent";
  return sort === "relevance" && !hasWords ? "recent" : sort;
}

/** Plain browsing: exact counts and no window (see the module comment). */
export function isPlainBrowse(search: Pick<MemorySearch, "q" | "tag" | "minConfidence" | "from" | "to" | "sort">): boolean {
  return (
    search.q === undefined &&
    search.tag === undefined &&
    search.minConfidence === undefined &&
    search.from === undefined &&
    search.to === undefined &&
    resolveSort(search.sort, false) === "recent"
  );
}

/** Where the next page starts: after the items shown, while the total (in the window) goes on. */
export function nextOffset(offset: number, shown: number, total: number): number | null {
  const end = offset + shown;
  return shown > 0 && end < total ? end : null;
}

const QUOTED_QUERY_CHARS = 60;
const format = (n: number) => n.toLocaleString("en-US");

function quoted(q: string): string {
  return `“${q.length > QUOTED_QUERY_CHARS ? `${q.slice(0, QUOTED_QUERY_CHARS - 1)}…` : q}”`;
}

export interface BoundedText {
  q?: string;
  tag?: string;
  /** The order asked for (relevance falls back to confidence in a bounded window). */
  sort: MemorySort;
}

/** Why a search with words or a tag looked at only the TEXT_WINDOW newest of its matches. */
export function boundedTextNote({ q, tag, sort }: BoundedText): string {
  const what = q === undefined ? `Tag ${quoted(tag ?? "")} is on` : `${quoted(q)}${tag === undefined ? "" : ` tagged ${tag}`} matches`;
  const order = sort === "relevance" ? ", and ordered by confidence rather than by relevance" : "";
  const narrow = q === undefined ? "Add words to search them all." : "Add words or use a “phrase” to search them all.";
  return `${what} more than ${format(TEXT_WINDOW)} memories: only the ${format(TEXT_WINDOW)} most recently added were counted${order}. ${narrow}`;
}

/** Why a search without words looked at only the BROWSE_WINDOW most recently updated memories. */
export function boundedBrowseNote(search: Pick<MemorySearch, "from" | "to">): string {
  const dated = search.from !== undefined || search.to !== undefined;
  const scope = dated ? " of those days" : "";
  const narrow = dated ? "Narrow the dates or add words" : "Add words, or list the most recent first without a minimum confidence,";
  return `Only the ${format(BROWSE_WINDOW)} most recently updated memories${scope} were filtered, counted and sorted. ${narrow} to see them all.`;
}
