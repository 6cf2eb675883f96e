import { z } from "zod";
import { parseLenient, type RawQuery } from "@/lib/lenient-query";
import type { MemoryCategory } from "@/lib/session";

/** The overview's URL state: `?from=YYYY-MM-DD&to=YYYY-MM-DD&project=<slug>&agent=<agent>`, every field optional. */
export interface OverviewState {
  from?: string;
  to?: string;
  project?: string;
  agent?: string;
}

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const schema = z.object({
  from: z.preprocess(blank, z.iso.date().optional()),
  to: z.preprocess(blank, z.iso.date().optional()),
  project: z.preprocess(blank, z.string().trim().max(100).optional()),
  agent: z.preprocess(blank, z.string().trim().max(100).optional()),
});

/** Parses the search params leniently: invalid fields are dropped and named; a reversed range is swapped. */
export function parseOverviewState(raw: RawQuery): { state: OverviewState; ignored: string[] } {
  const { value, ignored } = parseLenient(schema, raw);
  const state: OverviewState = {};
  if (value.project) state.project = value.project;
  if (value.agent) state.agent = value.agent;
  const [from, to] = value.from && value.to && value.from > value.to ? [value.to, value.from] : [value.from, value.to];
  if (from) state.from = from;
  if (to) state.to = to;
  return { state, ignored };
}

/** `/` with this state, leaving absent fields out. */
export function overviewHref(state: OverviewState): string {
  const params = new URLSearchParams();
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  if (state.project) params.set("project", state.project);
  if (state.agent) params.set("agent", state.agent);
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

export interface SessionsFilter {
  agent?: string;
  category?: MemoryCategory;
  domain?: string;
  from?: string;
  to?: string;
  sort?: "success";
  dir?: "asc";
}

/** A project's sessions page filtered as given (the sessions list's own URL parameters). */
export function filteredSessionsHref(slug: string, filter: SessionsFilter): string {
  const params = new URLSearchParams();
  for (const key of ["agent", "category", "domain", "from", "to", "sort", "dir"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return `/projects/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}

export const PRESETS = [
  { label: "7d", days: 7 },
  { label: "30d", days: 30 },
  { label: "90d", days: 90 },
] as const;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of epoch ms (UTC). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The `days` days ending with `lastDay` (inclusive), as from/to. */
export function presetRange(lastDay: string, days: number): { from: string; to: string } {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return { from: isoDay(end - (days - 1) * DAY_MS), to: lastDay };
}
