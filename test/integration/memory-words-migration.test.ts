import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction } from "@/db/client";
import { createMemory } from "@/db/queries/memory-curation";
import { searchMemories } from "@/db/queries/memories";
import { decayAt } from "@/lib/server/memories";

const statements = (file: string) => fs.readFileSync(path.resolve(file), "utf8").split("--> statement-breakpoint");

/** A vault as it stood before the index of words as written: SQLite without memories_words, PostgreSQL at 0004's `search`. */
async function undoMigration(): Promise<void> {
  const db = getDb();
  if (!isPostgres(db)) {
    sqliteOf(db).exec(
      "DROP TRIGGER memories_words_insert; DROP TRIGGER memories_words_delete; DROP TRIGGER memories_words_update; DROP TABLE memories_words;",
    );
    return;
  }
  await transaction(db, async () => {
    for (const statement of [
      "DROP INDEX memories_words",
      "DROP INDEX memories_search",
      "ALTER TABLE memories DROP COLUMN words",
      "ALTER TABLE memories DROP COLUMN search",
    ]) {
      await db.run(sql.raw(statement));
    }
    for (const statement of statements("db/pg/migrations/0004_fts_search.sql")) await db.run(sql.raw(statement));
  });
}

async function migrate(): Promise<void> {
  const db = getDb();
  if (!isPostgres(db)) {
    const sqlite = sqliteOf(db);
    sqlite.transaction(() => {
      for (const statement of statements("db/migrations/0030_memories_words.sql")) sqlite.exec(statement);
    })();
    return;
  }
  await transaction(db, async () => {
    for (const statement of statements("db/pg/migrations/0009_memory_words_search.sql"))
      await db.run(sql.raw(statement));
  });
}

describe("the index of words as written (SQLite 0030, PostgreSQL 0009)", () => {
  it("is filled for the memories a vault holds already, and kept in step after", async () => {
    const stored = await createMemory(
      getDb(),
      {
        category: "insight",
        content: "Operational dashboards stay green after the migration.",
        tags: ["monitoring"],
        confidence: 0.6,
      },
      decayAt(),
    );
    await undoMigration();
    await migrate();
    const find = async (q: string) =>
      (await searchMemories(getDb(), { q, limit: 20, offset: 0 }, decayAt())).items.map((item) => item.id);
    expect(await find("operat")).toEqual([stored.id]);
    expect(await find("monitor")).toEqual([stored.id]);
    const later = await createMemory(
      getDb(),
      { category: "insight", content: "Operators read the runbook first.", tags: [], confidence: 0.6 },
      decayAt(),
    );
    expect(new Set(await find("operat"))).toEqual(new Set([stored.id, later.id]));
  });
});
