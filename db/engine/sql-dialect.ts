/**
 * The few SQL spellings in which SQLite and PostgreSQL differ, for writing one definition as the two texts of a
 * statement (`{ sqlite: f(SQLITE), postgresql: f(POSTGRES) }`): the trigger generators (db/stats-triggers.ts,
 * db/day-stats-triggers.ts, db/pg/memory-counts-triggers.ts) render the migrations of each engine with them, and the
 * queries over the stats they keep (db/queries/aggregates.ts, rule-sessions.ts) spell the same conditions. A query
 * does not pick a dialect from a running database: `statement({ sqlite, postgresql })` does, and `isPostgres(db)`
 * where control flow differs. The PostgreSQL spellings return what SQLite's return (numbers, 0/1 flags, SQLite's JSON type
 * names), so the conditions written for SQLite over their results hold unchanged on PostgreSQL.
 */
export interface SqlDialect {
  /** A sum that is 0, not NULL, over no rows, as SQLite's total(). */
  total(value: string): string;
  /** The entries of the JSON object `json` as a FROM item aliased `alias`, with json_each's key, value and type. */
  jsonEach(json: string, alias: string): string;
  /** The number at `field` of the object a jsonEach entry holds (NULL when it is missing or not a number). */
  jsonNumber(entry: string, field: string): string;
  /** 1 when `condition` holds, else 0. */
  flag(condition: string): string;
  /** The UTC day (`YYYY-MM-DD`) of an epoch-milliseconds time. */
  day(epochMs: string): string;
  /** A table or subquery as a FROM item: PostgreSQL 15 requires a subquery to be named, SQLite's text leaves it unnamed. */
  named(fromItem: string, alias: string): string;
  /** `value` squared, 0 where the square is below what a double holds (SQLite's answer; PostgreSQL raises an underflow). */
  square(value: string): string;
}

const product = (value: string) => (/^\w+$/.test(value) ? `${value} * ${value}` : `(${value}) * (${value})`);

export const SQLITE: SqlDialect = {
  total: (value) => `total(${value})`,
  jsonEach: (json, alias) => `json_each(${json}) AS ${alias}`,
  jsonNumber: (entry, field) => `json_extract(${entry}.value, '$.${field}')`,
  flag: (condition) => `(${condition})`,
  day: (epochMs) => `strftime('%Y-%m-%d', ${epochMs} / 1000, 'unixepoch')`,
  named: (fromItem) => fromItem,
  square: product,
};

/**
 * json_each's value is a number for JSON numbers and 1/0 for booleans, as SQLite's is, and its type tells an integer
 * from a real by the number's text, as SQLite does (`5` is an integer, `5.0` and `5e0` are reals).
 */
const pgJsonEach = (json: string, alias: string) => `LATERAL (SELECT e.key,
    CASE json_typeof(e.value) WHEN 'number' THEN e.value::text::double precision WHEN 'boolean' THEN CASE WHEN e.value::text = 'true' THEN 1 ELSE 0 END END AS value,
    CASE json_typeof(e.value) WHEN 'number' THEN CASE WHEN e.value::text ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END WHEN 'string' THEN 'text' WHEN 'boolean' THEN e.value::text ELSE json_typeof(e.value) END AS type,
    e.value AS json
    FROM json_each(${json}::json) AS e) AS ${alias}`;

export const POSTGRES: SqlDialect = {
  total: (value) => `coalesce(sum(${value}), 0)`,
  jsonEach: pgJsonEach,
  jsonNumber: (entry, field) =>
    `CASE WHEN json_typeof(${entry}.json -> '${field}') = 'number' THEN (${entry}.json ->> '${field}')::double precision END`,
  flag: (condition) => `(${condition})::int`,
  // Integer division truncates in both engines, so the second is the one SQLite's unixepoch reads.
  day: (epochMs) => `to_char(timestamp '1970-01-01' + (${epochMs} / 1000) * interval '1 second', 'YYYY-MM-DD')`,
  named: (fromItem, alias) => `${fromItem} AS ${alias}`,
  square: (value) => `CASE WHEN abs(${value}) < 1e-150 THEN 0 ELSE ${product(value)} END`,
};
