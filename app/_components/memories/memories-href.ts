import type { MemorySearch } from "@/lib/memory/contract";
import { DEFAULT_LIMIT } from "@/lib/memory/memory-query";

/**
 * `/memories?…` for `search` with `changes`, leaving defaults out so links stay short. Any change but the
 * offset itself starts again from the first page.
 */
export function memoriesHref(search: MemorySearch, changes: Partial<MemorySearch> = {}): string {
  const next: MemorySearch = { ...search, offset: 0, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.project) params.set("project", next.project);
  if (next.category) params.set("category", next.category);
  if (next.tag) params.set("tag", next.tag);
  if (next.minConfidence) params.set("minConfidence", String(next.minConfidence));
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.sort) params.set("sort", next.sort);
  if (next.limit !== DEFAULT_LIMIT) params.set("limit", String(next.limit));
  if (next.offset > 0) params.set("offset", String(next.offset));
  const query = params.toString();
  return `/memories${query ? `?${query}` : ""}`;
}

/** Whether anything narrows the results (the sort and page size do not). */
export function hasFilters(search: MemorySearch): boolean {
  return Boolean(
    search.q || search.project || search.category || search.tag || search.minConfidence || search.from || search.to,
  );
}

/** The same view with every filter removed. */
export function clearedHref(search: MemorySearch): string {
  return memoriesHref({ limit: search.limit, offset: 0, sort: search.sort === "relevance" ? undefined : search.sort });
}
