import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A memory's effective confidence: its stored confidence halved for every half-life since it was last
 * reinforced (or created), so stale knowledge fades unless new sessions or a person confirm it:
 *
 *   effective = max(0, confidence) × 0.5 ^ (max(0, clock − (reinforcedAt ?? createdAt)) / halfLife)
 *
 * The clock is the project's own: its latest activity (the end of its newest session or pattern sighting), or now
 * if that is later than now or the project has none; a global memory's clock is now. So a project's knowledge ages
 * as the project is worked on: it does not fade while nobody works on it, and a history imported a year after it
 * happened reads as it stood at its end, not as a year stale.
 *
 * Pinned memories never decay. A time in the future (clock skew) counts as age 0: confidence never grows.
 * `effectiveConfidenceSql` is the same formula for SQL, so filters and ranking in the database agree with
 * what the page shows.
 */

export const DAY_MS = 86_400_000;

export interface DecayInput {
  confidence: number;
  pinned: boolean;
  createdAt: number;
  reinforcedAt: number | null;
  /** The latest activity of the memory's project; null for a global memory or a project without any. */
  projectActiveAt: number | null;
}

/** The time a memory's age is measured at (see above). */
export function decayClock(projectActiveAt: number | null, now: number): number {
  return Math.min(projectActiveAt ?? now, now);
}

export function effectiveConfidence(m: DecayInput, now: number, halfLifeDays: number): number {
  const confidence = Math.max(0, m.confidence);
  if (m.pinned) return confidence;
  const age = Math.max(0, decayClock(m.projectActiveAt, now) - (m.reinforcedAt ?? m.createdAt));
  return confidence * 0.5 ** (age / (halfLifeDays * DAY_MS));
}

/** When decay is measured and how fast memories fade: the moment and the configured half-life. */
export interface DecayAt {
  now: number;
  halfLifeDays: number;
}

/** The columns (or expressions) the SQL formula reads. */
export type DecayColumns = Record<keyof DecayInput, SQLWrapper>;

/**
 * The formula for the engine the SQL runs on (`postgres`: isPostgres of its database): SQLite's two-argument max and min are PostgreSQL's greatest and least
 * (the same here: no argument is NULL), and a 0/1 flag is compared, since PostgreSQL takes no integer as a condition.
 */
export function effectiveConfidenceSql(
  c: DecayColumns,
  now: number,
  halfLifeDays: number,
  postgres = false,
): SQL<number> {
  const [larger, smaller] = postgres ? [sql.raw("greatest"), sql.raw("least")] : [sql.raw("max"), sql.raw("min")];
  const halfLifeMs = halfLifeDays * DAY_MS;
  const clock = sql`${smaller}(${now}, coalesce(${c.projectActiveAt}, ${now}))`;
  const age = sql`${larger}(0, ${clock} - coalesce(${c.reinforcedAt}, ${c.createdAt}))`;
  return sql<number>`(case when ${c.pinned} = 1 then ${larger}(0.0, ${c.confidence})
    else ${larger}(0.0, ${c.confidence}) * pow(0.5, ${age} / cast(${halfLifeMs} as double precision)) end)`;
}
