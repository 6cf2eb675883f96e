import {
  SCORE,
  STATS_INPUT_COLUMNS,
  UNVERIFIED_SCORE,
  type DomainMoment,
  type GuidanceGroups,
} from "./queries/guidance-groups";
import { addTotals, pgTriggerMigrationSql, subtractTotals, type KeptTable } from "./pg/trigger-migration";
import { POSTGRES, SQLITE, type SqlDialect } from "./engine/sql-dialect";
import { DOMAIN_COLUMNS, momentColumns, STRATUM_MOMENT_COLUMNS } from "./stats-columns";
import { triggerMigrationSql } from "./trigger-migration";

/**
 * The SQL of the custom migration that keeps guidance's aggregates (project_domain_stats, project_stratum_stats,
 * project_tool_stratum_stats) in step with `sessions`: triggers that add a session's contribution when it is
 * inserted, take it away when it is deleted (also by a project's cascade), and move it when a column it depends on
 * is updated; then a refill from the sessions already stored. Built from the same group definitions the query
 * reads, printed by scripts/generate-stats-triggers.ts and checked against the migration file by a test. It drops
 * and refills what it creates, so after a change to the groups or thresholds a new `guidance_stats_triggers`
 * migration with the regenerated text brings an existing database up to date. The PostgreSQL migration
 * (pgStatsTriggersSql) keeps the same tables from the same totals the refill computes.
 */

const DOMAIN_TABLE = "project_domain_stats";
const STRATUM_TABLE = "project_stratum_stats";
const TOOL_TABLE = "project_tool_stratum_stats";
const TRIGGERS = {
  insert: "sessions_stats_insert",
  delete: "sessions_stats_delete",
  update: "sessions_stats_update",
};

/** One session's contribution to a moment's n, Σ and Σ², named as the moment's columns. */
function contribution({ name, condition, value }: DomainMoment, d: SqlDialect): string[] {
  const c = momentColumns(name);
  if (condition === null) return [`1 AS ${c.n}`, `${value} AS ${c.s}`, `${d.square(value)} AS ${c.q}`];
  return [
    `CASE WHEN ${condition} THEN 1 ELSE 0 END AS ${c.n}`,
    `CASE WHEN ${condition} THEN ${value} ELSE 0 END AS ${c.s}`,
    `CASE WHEN ${condition} THEN ${d.square(value)} ELSE 0 END AS ${c.q}`,
  ];
}

const indent = (lines: readonly string[], by: string) => lines.map((line) => `${by}${line}`).join(",\n");

/** The triggers' parts for the groups `g` (db/queries/guidance-groups.ts). */
function triggerParts(g: GuidanceGroups) {
  /** Each session of `source` (a table, or OLD/NEW as a one-row table) with its contribution to every moment. */
  const contributions = (source: string, d: SqlDialect = SQLITE) =>
    `SELECT project_id, domain,\n${indent(
      g.DOMAIN_MOMENTS.flatMap((m) => contribution(m, d)),
      "    ",
    )}\n  FROM ${source}`;

  /** OLD or NEW as a one-row table of the columns the moments read. */
  const rowOf = (ref: "OLD" | "NEW") => `(SELECT ${STATS_INPUT_COLUMNS.map((c) => `${ref}.${c} AS ${c}`).join(", ")})`;

  /** One session's contribution to its stratum cell: n, Σ, Σ² of the score and of the score without verification. */
  const stratumValues = (aggregate: boolean, d: SqlDialect) =>
    [`1`, SCORE, d.square(SCORE), UNVERIFIED_SCORE, d.square(UNVERIFIED_SCORE)]
      .map((v, i) => `${aggregate ? (i === 0 ? "count(*)" : d.total(v)) : v} AS ${STRATUM_MOMENT_COLUMNS[i]}`)
      .join(", ");
  const STRATUM_KEYS = "project_id, domain, stratum";
  const TOOL_KEYS = "project_id, domain, tool, stratum";
  const MOMENTS = STRATUM_MOMENT_COLUMNS.join(", ");

  /** Each session of `rows` (aliased r) with its stratum, and for the tool table each tool it used (json_each j). */
  const stratumRows = (rows: string, aggregate: boolean, d = SQLITE) =>
    `SELECT r.project_id AS project_id, r.domain AS domain, ${g.STRATUM} AS stratum, ${stratumValues(aggregate, d)}
  FROM ${rows} AS r WHERE true`;
  const toolRows = (rows: string, aggregate: boolean, d = SQLITE) =>
    `SELECT r.project_id AS project_id, r.domain AS domain, j.key AS tool, ${g.STRATUM} AS stratum, ${stratumValues(aggregate, d)}
  FROM ${rows} AS r, ${d.jsonEach("r.tool_breakdown", "j")} WHERE ${g.TOOL_USED}`;

  const upsert = (table: string, keys: string, select: string) => `  INSERT INTO ${table} (${keys}, ${MOMENTS})
  ${select}
  ON CONFLICT (${keys}) DO UPDATE SET ${STRATUM_MOMENT_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")};`;

  const takeAway = (
    table: string,
    keys: string,
    select: string,
  ) => `  UPDATE ${table} SET ${STRATUM_MOMENT_COLUMNS.map((c) => `${c} = ${table}.${c} - d.${c}`).join(", ")}
  FROM (${select}) AS d
  WHERE ${keys
    .split(", ")
    .map((k) => `${table}.${k} = d.${k}`)
    .join(" AND ")};`;

  /**
   * Adds the NEW session's contribution, creating the rows it is the first of. (`WHERE true`: an upsert's SELECT
   * needs a WHERE clause, else SQLite may parse ON CONFLICT as a join's ON; stratumRows has one for that reason.)
   */
  function add(): string {
    const row = rowOf("NEW");
    return `  INSERT INTO ${DOMAIN_TABLE} (project_id, domain, ${DOMAIN_COLUMNS.join(", ")})
  ${contributions(row)} WHERE true
  ON CONFLICT (project_id, domain) DO UPDATE SET
${indent(
  DOMAIN_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`),
  "    ",
)};
${upsert(STRATUM_TABLE, STRATUM_KEYS, stratumRows(row, false))}
${upsert(TOOL_TABLE, TOOL_KEYS, toolRows(row, false))}`;
  }

  /**
   * Takes the OLD session's contribution away; rows already gone (a project's cascade) are left alone. The updated
   * table is named, not aliased: SQLite's ALTER TABLE ... RENAME, which re-checks every trigger of the schema, cannot
   * resolve an alias of UPDATE ... FROM's target and fails on any table.
   */
  function subtract(): string {
    const row = rowOf("OLD");
    const st = DOMAIN_TABLE;
    return `  UPDATE ${st} SET
${indent(
  DOMAIN_COLUMNS.map((c) => `${c} = ${st}.${c} - d.${c}`),
  "    ",
)}
  FROM (${contributions(row)}) AS d
  WHERE ${st}.project_id = d.project_id AND ${st}.domain = d.domain;
${takeAway(STRATUM_TABLE, STRATUM_KEYS, stratumRows(row, false))}
${takeAway(TOOL_TABLE, TOOL_KEYS, toolRows(row, false))}`;
  }

  /** Each kept table and its totals over the sessions of `source` (a table, or a one-row SELECT on PostgreSQL). */
  const KEPT: readonly { kept: KeptTable; totals: (source: string, d: SqlDialect) => string }[] = [
    {
      kept: { table: DOMAIN_TABLE, keys: ["project_id", "domain"], columns: DOMAIN_COLUMNS },
      totals: (source, d) => `SELECT project_id, domain,
${indent(
  DOMAIN_COLUMNS.map((c) => (c.endsWith("_n") ? `sum(${c})` : d.total(c))),
  "  ",
)}
FROM ${d.named(`(${contributions(d.named(source, "s"), d)})`, "c")}
GROUP BY project_id, domain`,
    },
    {
      kept: { table: STRATUM_TABLE, keys: STRATUM_KEYS.split(", "), columns: STRATUM_MOMENT_COLUMNS },
      totals: (source, d) => `${stratumRows(source, true, d)}
GROUP BY 1, 2, 3`,
    },
    {
      kept: { table: TOOL_TABLE, keys: TOOL_KEYS.split(", "), columns: STRATUM_MOMENT_COLUMNS },
      totals: (source, d) => `${toolRows(source, true, d)}
GROUP BY 1, 2, 3, 4`,
    },
  ];

  const refill = (d: SqlDialect) => [
    ...KEPT.map(({ kept }) => `DELETE FROM ${kept.table};`),
    ...KEPT.map(
      ({ kept, totals }) => `INSERT INTO ${kept.table} (${[...kept.keys, ...kept.columns].join(", ")})
${totals("sessions", d)};`,
    ),
  ];

  return { add, subtract, KEPT, refill };
}

/** The migration's full text, for the groups lib/server/guidance-groups.ts gives. */
export function statsTriggersSql(g: GuidanceGroups): string {
  const { add, subtract, refill } = triggerParts(g);
  return triggerMigrationSql({
    header: `-- Guidance's aggregates kept by triggers on sessions, then refilled from the stored sessions.
-- Generated by scripts/generate-stats-triggers.ts from db/queries/guidance-groups.ts: regenerate, do not edit.`,
    triggers: TRIGGERS,
    refill: refill(SQLITE),
    add: add(),
    subtract: subtract(),
    inputColumns: STATS_INPUT_COLUMNS,
  });
}

/** The PostgreSQL migration: the same tables, kept from the same totals over each statement's or row's sessions. */
export function pgStatsTriggersSql(g: GuidanceGroups): string {
  const { KEPT, refill } = triggerParts(g);
  return pgTriggerMigrationSql({
    header: `-- Guidance's aggregates kept by triggers on sessions, then refilled from the stored sessions.
-- Generated by scripts/generate-stats-triggers.ts --postgres from db/queries/guidance-groups.ts: regenerate, do not edit.`,
    on: "sessions",
    triggers: TRIGGERS,
    refill: refill(POSTGRES),
    add: (rows) => KEPT.map(({ kept, totals }) => addTotals(kept, totals(rows, POSTGRES))).join("\n"),
    subtract: (rows) => KEPT.map(({ kept, totals }) => subtractTotals(kept, totals(rows, POSTGRES))).join("\n"),
    inputColumns: STATS_INPUT_COLUMNS,
  });
}
