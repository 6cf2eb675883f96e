/**
 * A session's behaviour stratum: the state of each behaviour a rule is about, as one mixed-radix code (state of
 * the first dimension + its number of levels × the code of the rest). db/queries/guidance-groups.ts computes the
 * code in SQL from the stored features; the aggregates keep n, Σ and Σ² per project, domain and stratum, and the
 * rules' adjusted estimates are fitted on those cells (lib/guidance/adjusted.ts). Level 0 of the first three is
 * "unknown" (NULL feature: ACOS has no operation order, a session without edits has no read-before-edit).
 */

export const STRATUM_DIMENSIONS = [
  { name: "verification", label: "verification", levels: ["unknown", "verified after the last edit", "not verified"] },
  { name: "reading", label: "reading first", levels: ["unknown", "every edited file read first", "a blind edit"] },
  { name: "delegation", label: "delegation", levels: ["unknown", "delegated", "did not delegate"] },
  { name: "length", label: "session length", levels: ["≤ 15 operations", "16–19", "20–50", "51+"] },
  { name: "breadth", label: "focus", levels: ["no file changed", "1 file", "2–5 files", "6–10 files", "11+ files"] },
] as const;

export type DimensionName = (typeof STRATUM_DIMENSIONS)[number]["name"];
export const DIMENSION_NAMES: readonly DimensionName[] = STRATUM_DIMENSIONS.map((d) => d.name);

/** Each dimension's state in a stratum code. */
export function decodeStratum(code: number): Record<DimensionName, number> {
  const out = {} as Record<DimensionName, number>;
  let rest = code;
  for (const d of STRATUM_DIMENSIONS) {
    out[d.name] = rest % d.levels.length;
    rest = Math.floor(rest / d.levels.length);
  }
  return out;
}

/** A global rule's two groups in states: the behaviour's dimension and its states with and without it, among the sessions `within` allows. */
export interface RuleStates {
  dimension: DimensionName;
  with: readonly number[];
  without: readonly number[];
  within?: Partial<Record<DimensionName, readonly number[]>>;
}

/**
 * The global rules' groups (the same as db/queries/guidance-groups.ts SCORE_GROUPS, in states): verification among
 * sessions that changed 2+ files, delegation among sessions of 20+ operations, short (≤ 15) vs marathon (51+)
 * sessions, focused (1–5 files) vs scattered (11+) changes.
 */
export const RULE_STATES = {
  verification: { dimension: "verification", with: [1], without: [2], within: { breadth: [2, 3, 4] } },
  "read-before-edit": { dimension: "reading", with: [1], without: [2] },
  delegation: { dimension: "delegation", with: [1], without: [2], within: { length: [2, 3] } },
  "session-length": { dimension: "length", with: [0], without: [3] },
  focus: { dimension: "breadth", with: [1, 2], without: [4] },
} as const satisfies Record<string, RuleStates>;

export type GlobalRuleKey = keyof typeof RULE_STATES;
