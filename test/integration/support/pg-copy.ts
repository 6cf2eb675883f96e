import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const pgTypes = pg.types;
import { sqliteOf, type Db } from "@/db/client";

/** A row as either engine returns it. */
export type Row = Record<string, unknown>;

const BATCH = 200;
const MIGRATIONS = path.join(import.meta.dirname, "../../../db/pg/migrations");

/**
 * Copies the rows of `table` that SQLite holds beyond PostgreSQL's largest id, with their ids, in multi-row
 * INSERT statements (so a statement trigger sees many rows at once), then moves the identity past them. Columns are
 * those both tables have, PostgreSQL's generated ones aside.
 */
export async function copyRows(db: Db, pool: pg.Pool, table: string): Promise<void> {
  const pgColumns = (
    await pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND is_generated = 'NEVER'`,
      [table],
    )
  ).rows.map((r: Row) => r.column_name as string);
  const sqliteColumns = (
    sqliteOf(db).prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]
  ).map((r) => r.name);
  const columns = sqliteColumns.filter((c) => pgColumns.includes(c));
  const { max } = (await pool.query(`SELECT coalesce(max(id), 0) AS max FROM ${table}`)).rows[0] as { max: number };
  const rows = sqliteOf(db)
    .prepare(`SELECT ${columns.join(", ")} FROM ${table} WHERE id > ? ORDER BY id`)
    .raw()
    .all(max) as unknown[][];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
      .join(", ");
    await pool.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`, batch.flat());
  }
  await pool.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), greatest((SELECT max(id) FROM ${table}), 1))`, [
    table,
  ]);
}

/** The newest PostgreSQL migration whose name ends in `name`: the one a migrated database holds. */
export function latestPgMigration(name: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.map((e) => e.tag).findLast((t) => t.endsWith(`_${name}`));
  if (!tag) throw new Error(`no ${name} migration in the PostgreSQL journal`);
  return fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8");
}

/** int8 and numeric as JS numbers, as the app's PostgreSQL executor reads them (sums and counts compare as numbers). */
export const numberTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 || oid === 1700
      ? (value: string) => Number(value)
      : pgTypes.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};
