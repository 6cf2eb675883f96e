import { addTotals, pgTriggerMigrationSql, subtractTotals, type KeptTable } from "./pg/trigger-migration";
import { POSTGRES, SQLITE, type SqlDialect } from "./engine/sql-dialect";
import { triggerMigrationSql } from "./trigger-migration";

/**
 * The SQL of the custom migration that keeps the overview's aggregates (project_day_stats,
 * project_day_tool_stats, project_day_model_stats) in step with `sessions`: triggers that add a session's contribution when it is
 * inserted, take it away when it is deleted (also by a project's cascade), and move it when a column it depends
 * on is updated; then a refill from the sessions already stored. Printed by scripts/generate-day-stats-triggers.ts
 * and checked against the migration file by a test. It drops and refills what it creates, so after a change here
 * a new `day_stats_triggers` migration with the regenerated text brings an existing database up to date. The
 * PostgreSQL migration (pgDayStatsTriggersSql) keeps the same tables from the same totals the refill computes.
 */

const DAY_TABLE = "project_day_stats";
const TOOL_TABLE = "project_day_tool_stats";
const MODEL_TABLE = "project_day_model_stats";
/** The token fields of a `tokens_by_model` entry and the model table's column of each. */
const TOKEN_COLUMNS = [
  ["input", "input"],
  ["output", "output"],
  ["cacheRead", "cache_read"],
  ["cacheCreation", "cache_creation"],
  ["reasoning", "reasoning"],
  ["cacheCreationHour", "cache_creation_hour"],
] as const;
const tokenColumns = TOKEN_COLUMNS.map(([, column]) => column).join(", ");
const tokenSums = (alias: string, d = SQLITE) =>
  TOKEN_COLUMNS.map(([field]) => d.total(d.jsonNumber(alias, field))).join(", ");
const TRIGGERS = {
  insert: "sessions_day_stats_insert",
  delete: "sessions_day_stats_delete",
  update: "sessions_day_stats_update",
};
/** The columns of `sessions` the day stats read: an update of any other leaves them alone. */
const DAY_STATS_INPUT_COLUMNS = [
  "project_id",
  "started_at",
  "agent",
  "domain",
  "category",
  "success_score",
  "tool_breakdown",
  "tokens_by_model",
] as const;

/** 1 when the session's tokens are counted per model, else 0. */
const withTokens = (ref: string, d = SQLITE) => d.flag(`${ref}.tokens_by_model <> '{}'`);

/** A session's UTC day, as the overview's day range and its daily figures count it. */
const dayOf = (ref: string, d = SQLITE) => d.day(`${ref}.started_at`);

/**
 * Adds the NEW session's contribution, creating the rows it is the first of. (`WHERE true`: an upsert's SELECT
 * needs a WHERE clause, else SQLite may parse ON CONFLICT as a join's ON.)
 */
const add = () => `  INSERT INTO ${DAY_TABLE} (project_id, day, agent, domain, category, n, success_sum, with_tokens)
  SELECT NEW.project_id, ${dayOf("NEW")}, NEW.agent, NEW.domain, NEW.category, 1, NEW.success_score, ${withTokens("NEW")} WHERE true
  ON CONFLICT (project_id, day, agent, domain, category) DO UPDATE SET n = n + excluded.n, success_sum = success_sum + excluded.success_sum, with_tokens = with_tokens + excluded.with_tokens;
  INSERT INTO ${TOOL_TABLE} (project_id, day, agent, tool, calls, sessions)
  SELECT NEW.project_id, ${dayOf("NEW")}, NEW.agent, j.key, total(j.value), count(*)
  FROM json_each(NEW.tool_breakdown) AS j WHERE true GROUP BY j.key
  ON CONFLICT (project_id, day, agent, tool) DO UPDATE SET calls = calls + excluded.calls, sessions = sessions + excluded.sessions;
  INSERT INTO ${MODEL_TABLE} (project_id, day, agent, model, sessions, ${tokenColumns})
  SELECT NEW.project_id, ${dayOf("NEW")}, NEW.agent, j.key, count(*), ${tokenSums("j")}
  FROM json_each(NEW.tokens_by_model) AS j WHERE true GROUP BY j.key
  ON CONFLICT (project_id, day, agent, model) DO UPDATE SET sessions = sessions + excluded.sessions, ${TOKEN_COLUMNS.map(([, c]) => `${c} = ${c} + excluded.${c}`).join(", ")};`;

/**
 * Takes the OLD session's contribution away; rows already gone (a project's cascade) are left alone. The updated
 * table is named, not aliased: SQLite's ALTER TABLE ... RENAME, which re-checks every trigger of the schema, cannot
 * resolve an alias of UPDATE ... FROM's target and fails on any table.
 */
const subtract =
  () => `  UPDATE ${DAY_TABLE} SET n = n - 1, success_sum = success_sum - OLD.success_score, with_tokens = with_tokens - ${withTokens("OLD")}
  WHERE project_id = OLD.project_id AND day = ${dayOf("OLD")} AND agent = OLD.agent AND domain = OLD.domain AND category = OLD.category;
  UPDATE ${TOOL_TABLE} SET calls = ${TOOL_TABLE}.calls - d.calls, sessions = ${TOOL_TABLE}.sessions - d.sessions
  FROM (SELECT j.key AS tool, total(j.value) AS calls, count(*) AS sessions FROM json_each(OLD.tool_breakdown) AS j GROUP BY j.key) AS d
  WHERE ${TOOL_TABLE}.project_id = OLD.project_id AND ${TOOL_TABLE}.day = ${dayOf("OLD")} AND ${TOOL_TABLE}.agent = OLD.agent AND ${TOOL_TABLE}.tool = d.tool;
  UPDATE ${MODEL_TABLE} SET sessions = ${MODEL_TABLE}.sessions - d.sessions, ${TOKEN_COLUMNS.map(([, c]) => `${c} = ${MODEL_TABLE}.${c} - d.${c}`).join(", ")}
  FROM (SELECT j.key AS model, count(*) AS sessions, ${TOKEN_COLUMNS.map(([field, c]) => `total(json_extract(j.value, '$.${field}')) AS ${c}`).join(", ")} FROM json_each(OLD.tokens_by_model) AS j GROUP BY j.key) AS d
  WHERE ${MODEL_TABLE}.project_id = OLD.project_id AND ${MODEL_TABLE}.day = ${dayOf("OLD")} AND ${MODEL_TABLE}.agent = OLD.agent AND ${MODEL_TABLE}.model = d.model;`;

/** Each kept table and its totals over the sessions of `source` (a table, or a one-row SELECT on PostgreSQL). */
const KEPT: readonly { kept: KeptTable; totals: (source: string, d: SqlDialect) => string }[] = [
  {
    kept: {
      table: DAY_TABLE,
      keys: ["project_id", "day", "agent", "domain", "category"],
      columns: ["n", "success_sum", "with_tokens"],
    },
    totals: (
      source,
      d,
    ) => `SELECT t.project_id, ${dayOf("t", d)}, t.agent, t.domain, t.category, count(*), ${d.total("t.success_score")}, sum(${withTokens("t", d)})
FROM ${source} AS t
GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    kept: { table: TOOL_TABLE, keys: ["project_id", "day", "agent", "tool"], columns: ["calls", "sessions"] },
    totals: (source, d) => `SELECT t.project_id, ${dayOf("t", d)}, t.agent, j.key, ${d.total("j.value")}, count(*)
FROM ${source} AS t, ${d.jsonEach("t.tool_breakdown", "j")}
GROUP BY 1, 2, 3, 4`,
  },
  {
    kept: {
      table: MODEL_TABLE,
      keys: ["project_id", "day", "agent", "model"],
      columns: ["sessions", ...TOKEN_COLUMNS.map(([, column]) => column)],
    },
    totals: (source, d) => `SELECT t.project_id, ${dayOf("t", d)}, t.agent, j.key, count(*), ${tokenSums("j", d)}
FROM ${source} AS t, ${d.jsonEach("t.tokens_by_model", "j")}
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

/** The migration's full text. */
export function dayStatsTriggersSql(): string {
  return triggerMigrationSql({
    header: `-- The overview's per-day aggregates kept by triggers on sessions, then refilled from the stored sessions.
-- Generated by scripts/generate-day-stats-triggers.ts from db/day-stats-triggers.ts: regenerate, do not edit.`,
    triggers: TRIGGERS,
    refill: refill(SQLITE),
    add: add(),
    subtract: subtract(),
    inputColumns: DAY_STATS_INPUT_COLUMNS,
  });
}

/** The PostgreSQL migration: the same tables, kept from the same totals over each statement's or row's sessions. */
export function pgDayStatsTriggersSql(): string {
  return pgTriggerMigrationSql({
    header: `-- The overview's per-day aggregates kept by triggers on sessions, then refilled from the stored sessions.
-- Generated by scripts/generate-day-stats-triggers.ts --postgres from db/day-stats-triggers.ts: regenerate, do not edit.`,
    on: "sessions",
    triggers: TRIGGERS,
    refill: refill(POSTGRES),
    add: (rows) => KEPT.map(({ kept, totals }) => addTotals(kept, totals(rows, POSTGRES))).join("\n"),
    subtract: (rows) => KEPT.map(({ kept, totals }) => subtractTotals(kept, totals(rows, POSTGRES))).join("\n"),
    inputColumns: DAY_STATS_INPUT_COLUMNS,
  });
}
