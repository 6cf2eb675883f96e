import type { MemorySearch, MemorySort } from "./contract";

/**
 * How a memory search stays fast at any vault size (docs/performance-targets.md: p95 ≤ 10 ms for queries matching
 * up to 10,000 memories, every query ≤ 100 ms at 1,000,000), as plain decisions the SQL (db/queries/memories.ts) follows.
 *
 * A search with words (or a tag) looks at the TEXT_WINDOW most recently added memories they match; one without
 * them, at the BROWSE_WINDOW most recently updated memories (within its days, if it has a date range). Both count
 * only the memories the caller may read, so nothing about other projects shows in a window. The other
 * filters, the sort, the total, the facets and the pages apply within that window, so they agree with each other,
 * and when there were more candidates than the window holds, `bounded` says so. Ranking by relevance needs bm25,
 * which reads every match of every word once (its document frequency) whatever the window: a window its words
 * fill is therefore ordered by confidence, then recency, and the note says that too.
 *
 * A search whose words include a prefix word (fts-query.ts: the last word being typed, or one ending in `*`) has
 * its window in two tiers: first the memories matching every word whole (in any form), then, as far as the window
 * has room, those matching only because a prefix word begins a longer word (`deplo`, or `deploy` itself, finding
 * "deployment"). The second tier is only looked for when the first does not fill the window, so a word common
 * enough to fill it costs what it did without prefixes; within the window the first tier comes first (by relevance
 * when ranked), then the second, by confidence.
 *
 * One kind of search needs no window: plain browsing (no words, tag, confidence or dates, most recent first), the
 * vault's front page. Its total and facets come from per-project, per-category counts kept by triggers, and its
 * page is a walk of the newest-first index.
 */

export const TEXT_WINDOW = 1_000;
export const BROWSE_WINDOW = 10_000;

/** Relevance needs words to rank by; without them the default (and the fallback) is the most recent first. */
export function resolveSort(sort: MemorySort | undefined, hasWords: boolean): MemorySort {
  if (sort === undefined) return hasWords ? "relevance" : "recent";
  return sort === "relevance" && !hasWords ? "recent" : sort;
}

/** Plain browsing: exact counts and no window (see the module comment). */
export function isPlainBrowse(
  search: Pick<MemorySearch, "q" | "tag" | "minConfidence" | "from" | "to" | "sort">,
): boolean {
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

/** A query as a page quotes it: between curly quotes (a query that is one quoted phrase keeps only those), cut short. */
export function quoted(q: string): string {
  const text = /^"[^"]*"$/.test(q) ? q.slice(1, -1) : q;
  return `“${text.length > QUOTED_QUERY_CHARS ? `${text.slice(0, QUOTED_QUERY_CHARS - 1)}…` : text}”`;
}

export interface BoundedText {
  q?: string;
  tag?: string;
  /** The order asked for (relevance falls back to confidence in a window the words fill). */
  sort: MemorySort;
  /** What filled the window: the memories matching the words whole (the default), or those a prefix word adds. */
  by?: "words" | "prefixes";
}

/** Why a search with words or a tag looked at only the TEXT_WINDOW newest of its matches. */
export function boundedTextNote({ q, tag, sort, by = "words" }: BoundedText): string {
  const what =
    q === undefined
      ? `Tag ${quoted(tag ?? "")} is on`
      : `${quoted(q)}${tag === undefined ? "" : ` tagged ${tag}`} matches`;
  const ranked = sort === "relevance" ? ", and ordered by confidence rather than by relevance" : "";
  const order = by === "prefixes" ? ", whole-word matches first" : ranked;
  const narrow = q === undefined ? "Add words to search them all." : "Add words or use a “phrase” to search them all.";
  return `${what} more than ${format(TEXT_WINDOW)} memories: only the ${format(TEXT_WINDOW)} most recently added were counted${order}. ${narrow}`;
}

/** Why a search without words looked at only the BROWSE_WINDOW most recently updated memories. */
export function boundedBrowseNote(search: Pick<MemorySearch, "from" | "to">): string {
  const dated = search.from !== undefined || search.to !== undefined;
  const scope = dated ? " of those days" : "";
  const narrow = dated
    ? "Narrow the dates or add words"
    : "Add words, or list the most recent first without a minimum confidence,";
  return `Only the ${format(BROWSE_WINDOW)} most recently updated memories${scope} were filtered, counted and sorted. ${narrow} to see them all.`;
}

/** A search's window when it has words (see the module comment). */
export interface TieredWindow {
  /** The memories matching every word whole, newest first. */
  words: number[];
  /** The memories matching only through a prefix word, newest first, as many as the window has room for. */
  prefixed: number[];
  /** Null when the window holds every match; else what filled it. */
  bounded: BoundedText["by"] | null;
}

/**
 * The window from the newest TEXT_WINDOW + 1 memories matching the words whole and, unless those fill it or the
 * search has no prefix word (`prefixes` null), the newest TEXT_WINDOW + 1 matching with the prefix words open
 * (which may include whole-word matches again).
 */
export function tieredWindow(words: readonly number[], prefixes: readonly number[] | null): TieredWindow {
  if (words.length > TEXT_WINDOW) return { words: words.slice(0, TEXT_WINDOW), prefixed: [], bounded: "words" };
  const whole = new Set(words);
  const more = (prefixes ?? []).filter((id) => !whole.has(id));
  const room = TEXT_WINDOW - words.length;
  return { words: [...words], prefixed: more.slice(0, room), bounded: more.length > room ? "prefixes" : null };
}
