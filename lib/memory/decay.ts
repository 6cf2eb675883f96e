import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A memory's effective confidence: its stored confidence halved for every half-life since it was last
 * reinforced (or created), so stale knowledge fades unless new sessions or a person confirm it:
 *
 *   effective = max(0, confidence) × 0.5 ^ (max(0, now − (reinforcedAt ?? createdAt)) / halfLife)
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
}

export function effectiveConfidence(m: DecayInput, now: number, halfLifeDays: number): number {
  const confidence = Math.max(0, m.confidence);
  if (m.pinned) return confidence;
  const age = Math.max(0, now - (m.reinforcedAt ?? m.createdAt));
  return confidence * 0.5 ** (age / (halfLifeDays * DAY_MS));
}

/** The columns (or expressions) the SQL formula reads. */
export type DecayColumns = Record<keyof DecayInput, SQLWrapper>;

export function effectiveConfidenceSql(c: DecayColumns, now: number, halfLifeDays: number): SQL<number> {
  const halfLifeMs = halfLifeDays * DAY_MS;
  const age = sql`max(0, ${now} - coalesce(${c.reinforcedAt}, ${c.createdAt}))`;
  return sql<number>`(case when ${c.pinned} then max(0.0, ${c.confidence})
    else max(0.0, ${c.confidence}) * pow(0.5, ${age} / cast(${halfLifeMs} as real)) end)`;
}
