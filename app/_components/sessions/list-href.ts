import { DEFAULT_LIMIT, type SessionListQuery, type SessionSort } from "@/lib/session-list";

/** The URL state of the sessions page, minus the cursor (which only "next page" links carry). */
export type ListState = Omit<SessionListQuery, "cursor">;

/** `/projects/<slug>?…` for `state` with `changes`, leaving defaults out so links stay short. */
export function sessionsHref(
  slug: string,
  state: ListState,
  changes: Partial<ListState> & { cursor?: string } = {},
): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.domain) params.set("domain", next.domain);
  if (next.agent) params.set("agent", next.agent);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.sort !== "started") params.set("sort", next.sort);
  if (next.dir !== "desc") params.set("dir", next.dir);
  if (next.limit !== DEFAULT_LIMIT) params.set("limit", String(next.limit));
  if (changes.cursor) params.set("cursor", changes.cursor);
  const search = params.toString();
  return `/projects/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}

/** Clicking the active column flips its direction; another column starts with the largest/newest first. */
export function sortChange(state: ListState, sort: SessionSort): Pick<ListState, "sort" | "dir"> {
  return { sort, dir: state.sort === sort && state.dir === "desc" ? "asc" : "desc" };
}

/** Whether any filter (not sort or page size) is applied. */
export function hasFilters(state: ListState): boolean {
  return Boolean(state.q || state.category || state.domain || state.agent || state.from || state.to);
}

const SORT_WORDS: Record<SessionSort, [desc: string, asc: string]> = {
  started: ["newest first", "oldest first"],
  success: ["highest success first", "lowest success first"],
  operations: ["most operations first", "fewest operations first"],
  duration: ["longest first (unknown last)", "unknown durations first, then shortest"],
};

/** The order in words, e.g. "newest first". */
export function describeSort(state: Pick<ListState, "sort" | "dir">): string {
  return SORT_WORDS[state.sort][state.dir === "desc" ? 0 : 1];
}
