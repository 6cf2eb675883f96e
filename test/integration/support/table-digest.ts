import { createHash } from "node:crypto";
import type Database from "better-sqlite3";

/** Per table: how many rows, and the SHA-256 of all of them in primary-key order. */
export type TableDigests = Record<string, { rows: number; sha256: string }>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Column values as text: blobs in hex, integers exactly (read as BigInt). */
const encode = (row: unknown[]) =>
  JSON.stringify(row, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : Buffer.isBuffer(value) ? value.toString("hex") : value,
  );

function orderBy(db: Database.Database, table: string, sql: string): string {
  const keys = (db.pragma(`table_info(${quote(table)})`) as { name: string; pk: number }[])
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => quote(c.name));
  // A declared key may allow nulls or repeats outside INTEGER PRIMARY KEY; the rowid settles the order then.
  const rowid = /without\s+rowid/i.test(sql) ? [] : ["rowid"];
  return [...keys, ...rowid].join(", ");
}

/**
 * Every real table of the database (FTS5 indexes through their shadow tables): its row count and a checksum of
 * its rows in primary-key order. `where` narrows a table, e.g. to leave out rows written after a snapshot.
 */
export function tableDigests(db: Database.Database, where: Record<string, string> = {}): TableDigests {
  const tables = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    )
    .all() as { name: string; sql: string }[];
  const digests: TableDigests = {};
  for (const { name, sql } of tables) {
    const filter = where[name] ? ` WHERE ${where[name]}` : "";
    const statement = db
      .prepare(`SELECT * FROM ${quote(name)}${filter} ORDER BY ${orderBy(db, name, sql)}`)
      .raw(true)
      .safeIntegers(true);
    const hash = createHash("sha256");
    let rows = 0;
    for (const row of statement.iterate() as Iterable<unknown[]>) {
      hash.update(encode(row)).update("\n");
      rows++;
    }
    digests[name] = { rows, sha256: hash.digest("hex") };
  }
  return digests;
}
