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
/** The statements of a migration that add the full-text columns, their indexes and the function `pairs` is made with. */
const columns = (file: string) =>
  statements(file).filter((s) =>
    /^\s*(ALTER TABLE memories ADD COLUMN|CREATE INDEX memories_(search|words|pairs)|CREATE FUNCTION memory_phrase_pairs)/m.test(
      s,
    ),
  );

describe("PostgreSQL's path words (migration 0013)", () => {
  let pool: pg.Pool;
  let db: Db;
  const found = async (q: string) =>
    (await searchMemories(db, { q, limit: 20, offset: 0 }, decayAt())).items.map((item) => item.id);
  const memory = async (content: string) =>
    (
      await pool.query(
        `INSERT INTO memories (category, content, tags, confidence, source) VALUES ('insight', $1, 'auth', 0.8, $2) RETURNING id`,
        [content, `m-${content}`],
      )
    ).rows[0].id as number;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), types: numberTypes });
    db = databaseOver(postgresExecutor(pool));
    // The columns as 0009 and 0011 made them, before memory_text.
    await pool.query("ALTER TABLE memories DROP COLUMN pairs, DROP COLUMN words, DROP COLUMN search");
    await pool.query("DROP FUNCTION memory_pairs; DROP FUNCTION memory_text");
    for (const statement of [
      ...columns("db/pg/migrations/0009_memory_words_search.sql"),
      ...columns("db/pg/migrations/0011_memory_phrase_pairs.sql"),
    ])
      await pool.query(statement);
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
    for (const q of ["auth.ts", '"lib auth"', "config", "playwright.config.ts", "lib/auth.ts"])
      expect(await found(q), q).toEqual([stored]);
    const later = await memory("Then run npm test -- lib/auth.test.ts");
    expect(await found("auth")).toEqual([later, stored]);
    expect(await found("auth.test")).toEqual([later]);
    expect(await found('"auth ts"')).toEqual([stored]);
  });

  it("makes the pairs 0011 made by joining positions with themselves, off the positions in order, and each word", async () => {
    const texts = [
      ["Run the tests, then the build: npm run build && npm test -- lib/auth.test.ts", "testing ci-cd npm"],
      ["to be or not to be", ""],
      ["", "tag-only phrase"],
      ["v1.2.3 1e10 3.14 0x1F café naïve don't C++ a@b.io https://example.com/x?y=1#z <div>", "résumé"],
      ["edit edit edit read read", "edit read"],
      [Array.from({ length: 300 }, (_, i) => `word${i % 37} the`).join(" "), "x"],
    ];
    const [joined] = statements("db/pg/migrations/0011_memory_phrase_pairs.sql").filter((s) =>
      s.includes("CREATE FUNCTION memory_phrase_pairs"),
    );
    await pool.query(joined!);
    for (const [content, tags] of texts) {
      const { rows } = await pool.query(
        `SELECT memory_pairs($1, $2) = memory_phrase_pairs(memory_text($1), memory_text($2)) || strip(to_tsvector('english', memory_text($1))) || strip(to_tsvector('english', memory_text($2))) AS same`,
        [content, tags],
      );
      expect(rows[0].same, content).toBe(true);
    }
  });
});
