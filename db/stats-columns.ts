/**
 * The moment columns of the guidance stats tables: what the schemas of both engines (db/schema.ts, db/pg/schema.ts)
 * declare and the triggers and queries (db/queries/guidance-groups.ts) fill and read. Names only, so a schema
 * imports no query module; the conditions and values the moments sum are guidance-groups'.
 */

/** The outcome groups whose session measures lessons compare, in the order their moments are kept. */
export const OUTCOME_GROUP_NAMES = ["failed", "succeeded"] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUP_NAMES)[number];

/** The session measures kept per outcome group, in order. */
export const MEASURE_NAMES = ["ops", "files", "shell"] as const;
export type Measure = (typeof MEASURE_NAMES)[number];

/** Moment names as the stats table spells them: "all", "failed_ops", … */
export const momentName = {
  all: "all",
  outcome: (group: OutcomeGroup, measure: Measure) => `${group}_${measure}`,
};

/** Every moment kept per project and domain, by name: all sessions, then each outcome group × measure. */
export const DOMAIN_MOMENT_NAMES: readonly string[] = [
  momentName.all,
  ...OUTCOME_GROUP_NAMES.flatMap((group) => MEASURE_NAMES.map((measure) => momentName.outcome(group, measure))),
];

/** The stats columns of one moment: count, Σvalue, Σvalue². */
export const momentColumns = (name: string) => ({ n: `${name}_n`, s: `${name}_s`, q: `${name}_q` });

/** Every moment column of project_domain_stats, in order. */
export const DOMAIN_COLUMNS: readonly string[] = DOMAIN_MOMENT_NAMES.flatMap((name) =>
  Object.values(momentColumns(name)),
);

/** The moments kept per stratum cell: count, Σ and Σ² of the success score, Σ and Σ² of the score without verification. */
export const STRATUM_MOMENT_COLUMNS = ["n", "s", "q", "u_s", "u_q"] as const;
