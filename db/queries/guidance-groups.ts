import type { THRESHOLDS } from "../../lib/guidance/aggregates";
import type { DimensionName } from "../../lib/guidance/strata";
import { MEASURE_NAMES, momentName, OUTCOME_GROUP_NAMES, type Measure, type OutcomeGroup } from "../stats-columns";

/**
 * The groups guidance compares, as SQL conditions on a session's stored feature columns, and the aggregates kept
 * of them per project: moments (n, Σx, Σx²) per domain in `project_domain_stats` (outcome groups, for lessons and
 * strengths), and per domain and behaviour stratum in `project_stratum_stats` / `project_tool_stratum_stats` (what
 * the rules' adjusted estimates are fitted on). One definition serves the triggers that keep them
 * (db/stats-triggers.ts; the tables' column names are db/stats-columns.ts'), the query that reads them and the listing of a rule's
 * sessions (db/queries/aggregates.ts, db/queries/rule-sessions.ts). NULL features (unknown, e.g. ACOS has no
 * operation order) fall in neither group of a rule and in the "unknown" state of a stratum. Where the groups part
 * (the thresholds) and which behaviours make a stratum are guidance's decisions (lib/guidance/aggregates.ts,
 * lib/guidance/strata.ts): `guidanceGroups` spells the ones it is given, and lib/server/guidance-groups.ts gives
 * them. No server-only import: drizzle-kit and scripts load it.
 */

/** The value rules compare: each session's success score. */
export const SCORE = "success_score";
/** The success score without the signals that come from the session's own verification runs. */
export const UNVERIFIED_SCORE = "success_score_unverified";
/** Share of a session's operations that were shell calls. */
const SHELL_SHARE = "(CASE WHEN operation_count > 0 THEN CAST(shell_ops AS REAL) / operation_count ELSE 0 END)";

/** The thresholds the groups part at (lib/guidance/aggregates.ts THRESHOLDS). */
export type GroupBounds = Pick<
  typeof THRESHOLDS,
  | "verificationMinFiles"
  | "readBeforeEditFull"
  | "delegationMinOps"
  | "toolMinUses"
  | "shortMaxOps"
  | "marathonMinOps"
  | "focusedMaxFiles"
  | "scatteredMinFiles"
  | "failedMaxScore"
  | "succeededMinScore"
>;

/** The behaviours a stratum is made of, in order, each with its levels (lib/guidance/strata.ts STRATUM_DIMENSIONS). */
export type StratumDimensions = readonly { name: DimensionName; levels: readonly string[] }[];

/** The groups of each global rule (with the behaviour, without it, or the two ends compared). */
export type ScoreGroup =
  | "verifyWith"
  | "verifyWithout"
  | "readWith"
  | "readWithout"
  | "delegWith"
  | "delegWithout"
  | "short"
  | "marathon"
  | "focused"
  | "scattered";

/** Each global rule's two groups (with the behaviour, without it), by rule key. */
export const RULE_GROUPS = {
  verification: ["verifyWith", "verifyWithout"],
  "read-before-edit": ["readWith", "readWithout"],
  delegation: ["delegWith", "delegWithout"],
  "session-length": ["short", "marathon"],
  focus: ["focused", "scattered"],
} as const satisfies Record<string, readonly [ScoreGroup, ScoreGroup]>;

export const MEASURES = {
  ops: "operation_count",
  files: "files_modified_count",
  shell: SHELL_SHARE,
} as const satisfies Record<Measure, string>;

/** One kept moment: the sessions matching `condition` (null: all of the domain's), summing `value`. */
export interface DomainMoment {
  name: string;
  condition: string | null;
  value: string;
}

/** The groups and strata as SQL, parted at the thresholds `T`, the strata made of `dimensions`. */
export function guidanceGroups(T: GroupBounds, dimensions: StratumDimensions) {
  /** The two groups of each global rule, by SQL condition (for listing a rule's sessions; lib/guidance/strata.ts says the same in states). */
  const SCORE_GROUPS = {
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
  } as const satisfies Record<ScoreGroup, string>;

  /** Outcome groups whose session measures lessons compare. */
  const OUTCOME_GROUPS = {
    failed: `${SCORE} <= ${T.failedMaxScore}`,
    succeeded: `${SCORE} >= ${T.succeededMinScore}`,
  } as const satisfies Record<OutcomeGroup, string>;
  /** Every moment kept per project and domain, in the order of its columns (db/stats-columns.ts). */
  const DOMAIN_MOMENTS: readonly DomainMoment[] = [
    { name: momentName.all, condition: null, value: SCORE },
    ...OUTCOME_GROUP_NAMES.flatMap((group) =>
      MEASURE_NAMES.map((measure) => ({
        name: momentName.outcome(group, measure),
        condition: OUTCOME_GROUPS[group],
        value: MEASURES[measure],
      })),
    ),
  ];

  /** Each behaviour's state as SQL, numbered as lib/guidance/strata.ts lists the levels. */
  const STATE_SQL: Record<DimensionName, string> = {
    verification: "CASE verified_after_edit WHEN 1 THEN 1 WHEN 0 THEN 2 ELSE 0 END",
    reading: `CASE WHEN read_before_edit_ratio >= ${T.readBeforeEditFull} THEN 1 WHEN read_before_edit_ratio < ${T.readBeforeEditFull} THEN 2 ELSE 0 END`,
    delegation: "CASE delegated WHEN 1 THEN 1 WHEN 0 THEN 2 ELSE 0 END",
    length: `CASE WHEN operation_count <= ${T.shortMaxOps} THEN 0 WHEN operation_count < ${T.delegationMinOps} THEN 1 WHEN operation_count < ${T.marathonMinOps} THEN 2 ELSE 3 END`,
    breadth: `CASE WHEN files_modified_count < 1 THEN 0 WHEN files_modified_count < ${T.verificationMinFiles} THEN 1 WHEN files_modified_count <= ${T.focusedMaxFiles} THEN 2 WHEN files_modified_count < ${T.scatteredMinFiles} THEN 3 ELSE 4 END`,
  };

  /** A session's stratum: the states of every behaviour as one mixed-radix code (lib/guidance/strata.ts decodes it). */
  const STRATUM = dimensions
    .map((d, i) => {
      const radix = dimensions.slice(0, i).reduce((r, e) => r * e.levels.length, 1);
      return `${radix} * (${STATE_SQL[d.name]})`;
    })
    .join(" + ");

  /** A session "uses" a tool (row `j` of its tool_breakdown, from SqlDialect.jsonEach) when it called it at least toolMinUses times. */
  const TOOL_USED = `j.type = 'integer' AND j.value >= ${T.toolMinUses}`;

  /** Whether a tool count (an SQL expression) makes a use of the tool. */
  const toolUsedBy = (count: string) => `${count} >= ${T.toolMinUses}`;

  return { SCORE_GROUPS, OUTCOME_GROUPS, DOMAIN_MOMENTS, STRATUM, TOOL_USED, toolUsedBy };
}

export type GuidanceGroups = ReturnType<typeof guidanceGroups>;

/**
 * The sessions columns the moments and stratum stats read: the triggers copy exactly these out of OLD/NEW (so a
 * condition naming any other column fails loudly), and an update of any of them moves the session's contribution.
 */
export const STATS_INPUT_COLUMNS = [
  "project_id",
  "domain",
  SCORE,
  UNVERIFIED_SCORE,
  "operation_count",
  "files_modified_count",
  "verified_after_edit",
  "read_before_edit_ratio",
  "delegated",
  "shell_ops",
  "tool_breakdown",
] as const;
