import { THRESHOLDS as T } from "../../lib/guidance/aggregates";

/**
 * The groups guidance compares, as SQL conditions on a session's stored feature columns, and the moments
 * (n, Σx, Σx²) kept of each per project and domain in `project_domain_stats`. One definition serves the
 * stats table's columns (db/schema.ts), the triggers that keep it (db/stats-triggers.ts), the query that
 * reads it and the listing of a rule's sessions (db/queries/aggregates.ts). NULL features (unknown, e.g.
 * ACOS has no operation order) fall in neither group. No server-only import: drizzle-kit and scripts load it.
 */

/** The value rules compare: each session's success score. */
export const SCORE = "success_score";
/** Share of a session's operations that were shell calls. */
const SHELL_SHARE = "(CASE WHEN operation_count > 0 THEN CAST(shell_ops AS REAL) / operation_count ELSE 0 END)";

/** Groups of success scores, by SQL condition. */
export const SCORE_GROUPS = {
  verifyWith: `files_modified_count >= ${T.verificationMinFiles} AND verified_after_edit = 1`,
  verifyWithout: `files_modified_count >= ${T.verificationMinFiles} AND verified_after_edit = 0`,
  readWith: `read_before_edit_ratio >= ${T.readBeforeEditFull}`,
  readWithout: `read_before_edit_ratio < ${T.readBeforeEditFull}`,
  delegWith: `operation_count >= ${T.delegationMinOps} AND delegated = 1`,
  delegWithout: `operation_count >= ${T.delegationMinOps} AND delegated = 0`,
  short: `operation_count <= ${T.shortMaxOps}`,
  marathon: `operation_count >= ${T.marathonMinOps}`,
  focused: `files_modified_count BETWEEN 1 AND ${T.focusedMaxFiles}`,
  scattered: `files_modified_count >= ${T.scatteredMinFiles}`,
} as const;
export type ScoreGroup = keyof typeof SCORE_GROUPS;

/** Each global rule's two groups (with the behaviour, without it), by rule key. */
export const RULE_GROUPS = {
  verification: ["verifyWith", "verifyWithout"],
  "read-before-edit": ["readWith", "readWithout"],
  delegation: ["delegWith", "delegWithout"],
  "session-length": ["short", "marathon"],
  focus: ["focused", "scattered"],
} as const satisfies Record<string, readonly [ScoreGroup, ScoreGroup]>;

/** Outcome groups whose session measures lessons compare. */
export const OUTCOME_GROUPS = {
  failed: `${SCORE} <= ${T.failedMaxScore}`,
  succeeded: `${SCORE} >= ${T.succeededMinScore}`,
} as const;
export type OutcomeGroup = keyof typeof OUTCOME_GROUPS;
export const MEASURES = { ops: "operation_count", files: "files_modified_count", shell: SHELL_SHARE } as const;

/** One kept moment: the sessions matching `condition` (null: all of the domain's), summing `value`. */
export interface DomainMoment {
  name: string;
  condition: string | null;
  value: string;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Moment names as the stats table spells them: "all", "verify_with", …, "failed_ops", … */
export const momentName = {
  all: "all",
  score: (group: ScoreGroup) => snake(group),
  outcome: (group: OutcomeGroup, measure: keyof typeof MEASURES) => `${group}_${measure}`,
};

/** Every moment kept per project and domain: all sessions, each score group, each outcome group × measure. */
export const DOMAIN_MOMENTS: readonly DomainMoment[] = [
  { name: momentName.all, condition: null, value: SCORE },
  ...Object.entries(SCORE_GROUPS).map(([group, condition]) => ({ name: momentName.score(group as ScoreGroup), condition, value: SCORE })),
  ...Object.entries(OUTCOME_GROUPS).flatMap(([group, condition]) =>
    Object.entries(MEASURES).map(([measure, value]) => ({
      name: momentName.outcome(group as OutcomeGroup, measure as keyof typeof MEASURES),
      condition,
      value,
    })),
  ),
];

/** The stats columns of one moment: count, Σvalue, Σvalue². */
export const momentColumns = (name: string) => ({ n: `${name}_n`, s: `${name}_s`, q: `${name}_q` });

/** Every moment column of project_domain_stats, in order. */
export const DOMAIN_COLUMNS: readonly string[] = DOMAIN_MOMENTS.flatMap(({ name }) => Object.values(momentColumns(name)));

/** A session "uses" a tool (json_each row `j` of its tool_breakdown) when it called it at least toolMinUses times. */
export const TOOL_USED = `j.type = 'integer' AND j.value >= ${T.toolMinUses}`;

/**
 * The trajectories columns the moments and tool stats read: the triggers copy exactly these out of OLD/NEW (so a
 * condition naming any other column fails loudly), and an update of any of them moves the session's contribution.
 */
export const STATS_INPUT_COLUMNS = [
  "project_id",
  "domain",
  SCORE,
  "operation_count",
  "files_modified_count",
  "verified_after_edit",
  "read_before_edit_ratio",
  "delegated",
  "shell_ops",
  "tool_breakdown",
] as const;
