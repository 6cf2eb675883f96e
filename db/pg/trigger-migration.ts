import { BREAK } from "../trigger-migration";

/**
 * The PostgreSQL form of a migration that keeps aggregates of a table by triggers (db/trigger-migration.ts is the
 * SQLite one), from the same grouped totals the refill computes. Inserts and deletes fire once per statement over
 * its transition table, so a multi-row insert costs one upsert per stats table instead of one per row; an update
 * fires per row, and only when it sets an input column, as SQLite's AFTER UPDATE OF does (PostgreSQL allows no
 * column list on a trigger with transition tables, and a statement trigger on every update would take away and
 * add back each unchanged row, moving the float sums by their rounding).
 */

export interface PgTriggerMigration {
  /** Comment lines that open the file. */
  header: string;
  /** The table whose changes the triggers follow. */
  on: string;
  /** Trigger names, also the names of their functions. */
  triggers: { insert: string; delete: string; update: string };
  /** Statements that empty and refill the kept tables from the stored rows. */
  refill: readonly string[];
  /** The statements that add, and those that take away, the rows of `rows` (a table name or a parenthesised one-row SELECT). */
  add: (rows: string) => string;
  subtract: (rows: string) => string;
  /** The columns whose update moves a row's contributions: also all the bodies may read of OLD and NEW. */
  inputColumns: readonly string[];
}

/** A kept table and the columns of its grouped totals: the keys, then the summed columns. */
export interface KeptTable {
  table: string;
  keys: readonly string[];
  columns: readonly string[];
}

const positions = (keys: readonly string[]) => keys.map((_, i) => i + 1).join(", ");

/**
 * Adds grouped `totals` (keys, then columns, in order), creating the rows they are the first of. Rows are upserted
 * in key order, so two transactions adding to the same rows lock them in the same order and cannot deadlock.
 */
export const addTotals = (
  { table, keys, columns }: KeptTable,
  totals: string,
) => `  INSERT INTO ${table} (${[...keys, ...columns].join(", ")})
  ${totals}
  ORDER BY ${positions(keys)}
  ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ")};`;

/**
 * Takes grouped `totals` away from the rows that hold them; rows already gone (a cascade of the parent) are left
 * alone. The rows are first locked in key order, as addTotals takes them, since UPDATE ... FROM locks in whatever
 * order its join yields.
 */
export function subtractTotals({ table, keys, columns }: KeptTable, totals: string): string {
  const d = `(${totals}) AS d (${[...keys, ...columns].join(", ")})`;
  return `  PERFORM FROM ${table} JOIN ${d} USING (${keys.join(", ")})
  ORDER BY ${keys.map((k) => `${table}.${k}`).join(", ")} FOR UPDATE OF ${table};
  UPDATE ${table} SET ${columns.map((c) => `${c} = ${table}.${c} - d.${c}`).join(", ")}
  FROM ${d}
  WHERE ${keys.map((k) => `${table}.${k} = d.${k}`).join(" AND ")};`;
}

const fn = (name: string, body: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${body}
  RETURN NULL;
END;
$$;`;

/** OLD or NEW as a one-row table of the input columns. */
const rowOf = (ref: "OLD" | "NEW", columns: readonly string[]) =>
  `(SELECT ${columns.map((c) => `${ref}.${c} AS ${c}`).join(", ")})`;

/** Drop the triggers, refill the tables, then create the trigger functions and their triggers. */
export function pgTriggerMigrationSql(m: PgTriggerMigration): string {
  const { insert, delete: del, update } = m.triggers;
  return `${[
    `${m.header}\n${Object.values(m.triggers)
      .map((name) => `DROP TRIGGER IF EXISTS ${name} ON ${m.on};`)
      .join(BREAK)}`,
    ...m.refill,
    fn(insert, m.add("new_rows")),
    `CREATE TRIGGER ${insert} AFTER INSERT ON ${m.on} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${insert}();`,
    fn(del, m.subtract("old_rows")),
    `CREATE TRIGGER ${del} AFTER DELETE ON ${m.on} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${del}();`,
    fn(update, `${m.subtract(rowOf("OLD", m.inputColumns))}\n${m.add(rowOf("NEW", m.inputColumns))}`),
    `CREATE TRIGGER ${update} AFTER UPDATE OF ${m.inputColumns.join(", ")} ON ${m.on} FOR EACH ROW EXECUTE FUNCTION ${update}();`,
  ].join(BREAK)}\n`;
}
