import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDb, sqliteOf } from "@/db/client";
import * as sqliteSchema from "@/db/schema";
import pgConfig from "@/drizzle.pg.config";
import { freshDatabase } from "./support/postgres";

/** One table as both engines should describe it, in PostgreSQL's terms (common.md's type mapping). */
interface Table {
  columns: { name: string; type: string; nullable: boolean; identity: boolean; default: string | null }[];
  primaryKey: string[];
  indexes: { name: string; unique: boolean; columns: string[]; where: string | null }[];
  foreignKeys: { columns: string[]; table: string; references: string[]; onDelete: string }[];
}
type Catalog = Record<string, Table>;

/** Only the tables SQLite keeps for itself, drizzle's bookkeeping and full-text search (FTS5, SQLite only) are left out. */
const SQLITE_ONLY = /^(sqlite_|__drizzle|memories_fts|memories_words|memory_stem)/;
/** The phrase pairs ingest hands memories_fts's triggers (SQLite migration 0032_memories_given_pairs), null once stored. */
const SQLITE_ONLY_COLUMNS = new Set(["memories.stem_pairs"]);
/**
 * PostgreSQL's own full-text search (migrations 0009_memory_words_search, 0011_memory_phrase_pairs,
 * 0013_memory_path_words, 0015_memory_word_terms, not in db/pg/schema.ts): the tsvector columns and their indexes, and
 * the list of their words (SQLite reads FTS5's).
 */
const PG_SEARCH_TABLES = new Set(["memory_word_terms"]);
const PG_SEARCH_COLUMNS = new Set(["memories.search", "memories.words", "memories.pairs"]);
const PG_SEARCH_INDEXES = new Set(["memories_search", "memories_words", "memories_pairs"]);
/** An expression as an index key or predicate, without the quoting, casts and parentheses each engine adds. */
const bare = (expression: string) =>
  expression
    .replace(/::\w+/g, "")
    .replace(/[`"()\s]/g, "")
    .toLowerCase();
const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => a.name.localeCompare(b.name));
const byColumns = <T extends { columns: string[] }>(rows: T[]) =>
  rows.sort((a, b) => a.columns.join().localeCompare(b.columns.join()));

/** Columns declared `integer({ mode: "boolean" })` in db/schema.ts, as "table.column": PostgreSQL keeps them as smallint 0/1. */
function booleanColumns(): Set<string> {
  const tables = Object.values(sqliteSchema as Record<string, unknown>).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  return new Set(
    tables.flatMap((table) =>
      getTableConfig(table)
        .columns.filter((c) => c.columnType === "SQLiteBoolean")
        .map((c) => `${getTableConfig(table).name}.${c.name}`),
    ),
  );
}

function sqliteDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/unixepoch/.test(value)) return "now";
  return { false: "0", true: "1" }[value] ?? value;
}

function sqliteCatalog(): Catalog {
  const sqlite = sqliteOf(openDb(":memory:"));
  const booleans = booleanColumns();
  const all = <T>(query: string) => sqlite.prepare(query).all() as T[];
  const catalog: Catalog = {};
  const tables = all<{ name: string; sql: string }>("select name, sql from sqlite_master where type = 'table'").filter(
    (t) => !SQLITE_ONLY.test(t.name),
  );
  for (const { name: table } of tables) {
    // Declared types keep the case they were written in (a rebuilt table says INTEGER).
    const info = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      `pragma table_info(${table})`,
    ).map((c) => ({ ...c, type: c.type.toLowerCase() }));
    const rowid = info.filter((c) => c.pk > 0).length === 1 && info.some((c) => c.pk > 0 && c.type === "integer");
    const type = (column: string, declared: string) =>
      declared === "text"
        ? "text"
        : declared === "real"
          ? "double precision"
          : booleans.has(`${table}.${column}`)
            ? "smallint"
            : "bigint";
    const indexList = all<{ name: string; unique: number; origin: string; partial: number }>(
      `pragma index_list(${table})`,
    ).filter((i) => i.origin !== "pk");
    const foreign = all<{ id: number; table: string; from: string; to: string; on_delete: string }>(
      `pragma foreign_key_list(${table})`,
    );
    catalog[table] = {
      columns: byName(
        info
          .filter((c) => !SQLITE_ONLY_COLUMNS.has(`${table}.${c.name}`))
          .map((c) => ({
            name: c.name,
            type: type(c.name, c.type),
            nullable: c.notnull === 0 && c.pk === 0,
            identity: rowid && c.pk > 0,
            default: sqliteDefault(c.dflt_value),
          })),
      ),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      indexes: byName(
        indexList.map((i) => {
          const sql = (sqlite.prepare("select sql from sqlite_master where name = ?").get(i.name) as { sql: string })
            .sql;
          const columns = all<{ name: string | null }>(`pragma index_info(${i.name})`).map(
            (c) => c.name ?? "<expression>",
          );
          return {
            name: i.name,
            unique: i.unique === 1,
            columns,
            where: i.partial ? bare(sql.replace(/^.* WHERE /s, "")) : null,
          };
        }),
      ),
      foreignKeys: byColumns(
        [...new Set(foreign.map((f) => f.id))].map((id) => {
          const parts = foreign.filter((f) => f.id === id);
          return {
            columns: parts.map((f) => f.from),
            table: parts[0]!.table,
            references: parts.map((f) => f.to),
            onDelete: parts[0]!.on_delete.toLowerCase(),
          };
        }),
      ),
    };
  }
  sqlite.close();
  return catalog;
}

const ON_DELETE: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

function pgDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/clock_timestamp/.test(value)) return "now";
  return value.replace(/::[\w ]+$/, "");
}

async function pgCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  try {
    const catalog: Catalog = {};
    const tables = await rows<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    for (const { name: table } of tables.filter((t) => !PG_SEARCH_TABLES.has(t.name))) {
      const columns = await rows<{
        name: string;
        type: string;
        nullable: string;
        identity: string;
        generation: string | null;
        default: string | null;
      }>(
        `select column_name as name, data_type as type, is_nullable as nullable, is_identity as identity, identity_generation as generation, column_default as default
         from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      );
      // An index INCLUDING the id holds what each of SQLite's does, its rowid (db/pg/migrations/0016_memory_indexes_hold_id).
      const indexes = await rows<{
        name: string;
        unique: boolean;
        primary: boolean;
        columns: (string | null)[];
        where: string | null;
      }>(
        `select i.relname as name, x.indisunique as unique, x.indisprimary as primary, pg_get_expr(x.indpred, x.indrelid) as where,
           array(select a.attname from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
                 left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
                 where k.ord <= x.indnkeyatts or a.attname is distinct from 'id' order by k.ord)::text[] as columns
         from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = $1::regclass`,
        [table],
      );
      const foreign = await rows<{ columns: string[]; table: string; references: string[]; action: string }>(
        `select array(select a.attname from unnest(c.conkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord)::text[] as columns,
           c.confrelid::regclass::text as table,
           array(select a.attname from unnest(c.confkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.ord)::text[] as references,
           c.confdeltype as action
         from pg_constraint c where c.contype = 'f' and c.conrelid = $1::regclass`,
        [table],
      );
      catalog[table] = {
        columns: byName(
          columns
            .filter((c) => !PG_SEARCH_COLUMNS.has(`${table}.${c.name}`))
            .map((c) => ({
              name: c.name,
              type: c.type,
              nullable: c.nullable === "YES",
              identity: c.identity === "YES" && c.generation === "BY DEFAULT",
              default: pgDefault(c.default),
            })),
        ),
        primaryKey: indexes.find((i) => i.primary)?.columns.map((c) => c ?? "<expression>") ?? [],
        indexes: byName(
          indexes
            .filter((i) => !i.primary && !PG_SEARCH_INDEXES.has(i.name))
            .map((i) => ({
              name: i.name,
              unique: i.unique,
              columns: i.columns.map((c) => c ?? "<expression>"),
              where: i.where === null ? null : bare(i.where),
            })),
        ),
        foreignKeys: byColumns(
          foreign.map((f) => ({
            columns: f.columns,
            table: f.table,
            references: f.references,
            onDelete: ON_DELETE[f.action] ?? f.action,
          })),
        ),
      };
    }
    return catalog;
  } finally {
    await client.end();
  }
}

describe("the PostgreSQL schema (db/pg)", () => {
  it("has SQLite's tables, columns, keys, indexes and foreign keys, with the types SQLite's column mappers expect", async () => {
    const expected = sqliteCatalog();
    const actual = await pgCatalog(await freshDatabase());
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const table of Object.keys(expected))
      expect({ table, ...actual[table] }).toEqual({ table, ...expected[table] });
  });

  it("is what db/pg/migrations creates: drizzle-kit finds no change to generate", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-pg-drift-"));
    try {
      fs.cpSync(path.resolve(pgConfig.out ?? ""), out, { recursive: true });
      const before = fs.readdirSync(out, { recursive: true });
      // drizzle-kit reads `--out` as relative to the working folder (it prefixes "./"), and exits 0 even when it fails.
      const kit = path.resolve("node_modules/drizzle-kit/bin.cjs");
      const result = spawnSync(
        process.execPath,
        [
          kit,
          "generate",
          "--dialect",
          pgConfig.dialect,
          "--schema",
          String(pgConfig.schema),
          "--out",
          path.relative(process.cwd(), out),
        ],
        { encoding: "utf8" },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/No schema changes/);
      expect(fs.readdirSync(out, { recursive: true })).toEqual(before);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
