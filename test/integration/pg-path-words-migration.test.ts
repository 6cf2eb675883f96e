import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOver, type Db } from "@/db/engine/database";
import { postgresExecutor } from "@/db/engine/postgres";
import { searchMemories } from "@/db/queries/memories";
import { decayAt } from "@/lib/server/memories";
import { freshDatabase } from "./support/postgres";
import { numberTypes } from "./support/pg-copy";

const statements = (file: string) => fs.readFileSync(path.resolve(file), "utf8").split("--> statement-breakpoint");
/** The statements of a migration that add the full-text columns and their indexes. */
const columns = (file: string) => statements(file).filter((s) => /^\s*(ALTER TABLE memories ADD COLUMN|CREATE INDEX memories_(search|words|pairs))/m.test(s));

describe("PostgreSQL's path words (migration 0013)", () => {
  let pool: pg.Pool;
  let db: Db;
  const found = async (q: string) => (await searchMemories({ q, limit: 20, offset: 0 }, decayAt(), db)).items.map((item) => item.id);
  const memory = async (content: string) =>
    (await pool.query(`INSERT INTO memories (category, content, tags, confidence, source) VALUES ('insight', $1, 'auth', 0.8, $2) RETURNING id`, [content, `m-${content}`])).rows[0].id as number;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), types: numberTypes });
    db = databaseOver(postgresExecutor(pool));
    // The columns as 0009 and 0011 made them, before memory_text.
    await pool.query("DROP FUNCTION memory_text CASCADE");
    for (const statement of [...columns("db/pg/migrations/0009_memory_words_search.sql"), ...columns("db/pg/migrations/0011_memory_phrase_pairs.sql")]) await pool.query(statement);
  });
  afterAll(async () => {
    await pool.end();
  });

  it("makes the columns of the memories already stored again, so their paths' parts are found, and keeps new ones in step", async () => {
    const stored = await memory("Open lib/auth.ts before editing playwright.config.ts");
    // The columns hold the path as one word, which a query cut at its marks no longer finds.
    for (const q of ["auth.ts", "lib/auth.ts"]) expect(await found(q), q).toEqual([]);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (const statement of statements("db/pg/migrations/0013_memory_path_words.sql")) await client.query(statement);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    for (const q of ["auth.ts", '"lib auth"', "config", "playwright.config.ts", "lib/auth.ts"]) expect(await found(q), q).toEqual([stored]);
    const later = await memory("Then run npm test -- lib/auth.test.ts");
    expect(await found("auth")).toEqual([later, stored]);
    expect(await found("auth.test")).toEqual([later]);
    expect(await found('"auth ts"')).toEqual([stored]);
  });
});
