import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb, sqliteOf } from "@/db/client";
import { createMemory, deleteMemory } from "@/db/queries/memory-curation";
import { countAllMatches, searchMemories } from "@/db/queries/memories";
import { decayAt } from "@/lib/server/memories";

const statements = (file: string) => fs.readFileSync(path.resolve(file), "utf8").split("--> statement-breakpoint");

/** memories_fts as it stood before migration 0031: without the pairs column or memory_stems (migration 0020's), nor 0032's triggers. */
function undoMigration(): void {
  const sqlite = sqliteOf(getDb());
  sqlite.exec(`DROP TRIGGER memories_fts_insert; DROP TRIGGER memories_fts_delete; DROP TRIGGER memories_fts_update;
    DROP TRIGGER memories_fts_insert_given_pairs; DROP TRIGGER memories_fts_update_given_pairs;
    DROP TABLE memories_fts; DROP TABLE memory_stem_instances; DROP TABLE memory_stems;`);
  for (const statement of statements("db/migrations/0020_memories_fts_scope.sql").filter(
    (s) => !/DROP (TRIGGER|TABLE)/.test(s),
  ))
    sqlite.exec(statement);
}

function migrate(): void {
  const sqlite = sqliteOf(getDb());
  sqlite.transaction(() => {
    for (const statement of statements("db/migrations/0031_memories_phrase_pairs.sql")) sqlite.exec(statement);
  })();
}

const find = async (q: string) =>
  (await searchMemories(getDb(), { q, limit: 20, offset: 0 }, decayAt())).items.map((item) => item.id);

describe("phrase pairs in memories_fts (SQLite migration 0031)", () => {
  it("are made for the memories a vault holds already, and kept in step after", async () => {
    const kept = await createMemory(
      getDb(),
      {
        category: "insight",
        content: "Running the integration tests caught the regression.",
        tags: ["read-before-edit"],
        confidence: 0.6,
      },
      decayAt(),
    );
    const gone = await createMemory(
      getDb(),
      { category: "insight", content: "The integration tests were flaky once.", tags: [], confidence: 0.6 },
      decayAt(),
    );
    undoMigration();
    expect(await countAllMatches(getDb(), { q: '"integration tests"', limit: 20, offset: 0 }, decayAt())).toBe(2);
    migrate();
    const pairs = sqliteOf(getDb())
      .prepare("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid")
      .pluck();
    expect(pairs.all('pairs : "6integrtest4"')).toEqual([kept.id, gone.id]);
    expect(pairs.all('pairs : "4readbefor5 5beforedit4"')).toEqual([kept.id]);
    expect(await find('"integration tests"')).toEqual([gone.id, kept.id]);
    expect(await find('"run the integration"')).toEqual([kept.id]);
    await deleteMemory(getDb(), gone.id);
    const later = await createMemory(
      getDb(),
      { category: "insight", content: "Integration tests run nightly.", tags: [], confidence: 0.6 },
      decayAt(),
    );
    expect(await find('"integration tests"')).toEqual([later.id, kept.id]);
    expect(await countAllMatches(getDb(), { q: '"integration tests"', limit: 20, offset: 0 }, decayAt())).toBe(2);
    expect(pairs.all('pairs : "6integrtest4"')).toEqual([kept.id, later.id]);
  });
});
