import type { MemoryCategory } from "@/lib/session";

/**
 * The memory vault's contract between the search/curation backend (db/queries/memories.ts, the API) and its
 * pages. Times are epoch ms.
 */

export const MEMORY_SORTS = ["relevance", "recent", "confidence"] as const;
export type MemorySort = (typeof MEMORY_SORTS)[number];

/** A parsed search (see memory-query.ts for the zod schema that reads it from a URL). */
export interface MemorySearch {
  /** Free text as the user typed it; never passed raw to MATCH. */
  q?: string;
  project?: string;
  category?: MemoryCategory;
  tag?: string;
  /** 0..1, compared with the *effective* (decayed) confidence. */
  minConfidence?: number;
  /** Inclusive first day `YYYY-MM-DD` (UTC) of the memory's last update. */
  from?: string;
  /** Inclusive last day `YYYY-MM-DD` (UTC). */
  to?: string;
  /** Default: relevance when there is a query, else recent. */
  sort?: MemorySort;
  limit: number;
  offset: number;
}

/** Marks around highlighted terms in `snippet`; the page turns them into <mark> elements (never HTML). */
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";

export interface MemoryHit {
  id: number;
  project: string | null;
  category: MemoryCategory;
  content: string;
  /** Content excerpt with HIGHLIGHT_START/END around matched terms; the whole content when there is no query. */
  snippet: string;
  tags: string[];
  /** As stored (at creation or last reinforcement). */
  confidence: number;
  /** After decay: confidence × 0.5^(age / half-life), age from the last reinforcement (or creation); pinned: no decay. */
  effectiveConfidence: number;
  pinned: boolean;
  source: string;
  /** Where it came from, for links: a session (/sessions/<id>) or a tool-sequence pattern. */
  sessionId: number | null;
  patternId: number | null;
  patternSequence: string | null;
  createdAt: number;
  updatedAt: number;
  reinforcedAt: number | null;
}

export interface MemoryFacet {
  value: string;
  count: number;
}

export interface MemorySearchResult {
  items: MemoryHit[];
  /**
   * Matches for the current filters: all of them, or, when `bounded` is set, those within the window the search
   * looked at (lib/memory/search-window.ts), which the facets and pages share.
   */
  total: number;
  /** Counts per category and per project for the query with every filter but that facet's own (in the same window). */
  facets: { categories: MemoryFacet[]; projects: MemoryFacet[] };
  /** Null at the end of the matches (or of the window). */
  nextOffset: number | null;
  halfLifeDays: number;
  /**
   * Set when the search looked at a bounded window of its candidates (the newest of a very common word's matches,
   * or the most recently updated memories for a filter that cannot be counted ahead), with the reason to show.
   */
  bounded: string | null;
}

/** A memory written or edited by a person. */
export interface MemoryInput {
  project?: string | null;
  category: MemoryCategory;
  content: string;
  tags: string[];
  confidence: number;
  pinned?: boolean;
}
