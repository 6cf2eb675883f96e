import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb, sqliteOf } from "@/db/client";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { stemPairs } from "@/lib/memory/stem-pairs";
import { postFiles } from "./ingest-client";
import { claudeFixtureFiles } from "./support/fixture-files";

// Ingest hands memories_fts's triggers the phrase pairs it made (lib/memory/stem-pairs.ts, SQLite migration 0032);
// every other write leaves the triggers to make them from FTS5's own stems. Both must index the same pairs.

const sqlite = () => sqliteOf(getDb());

/** Each memory's indexed pairs, in order, as FTS5 holds them. */
function indexedPairs(): Map<number, string> {
  sqlite().exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_instances USING fts5vocab(main, memories_fts, 'instance')",
  );
  const rows = sqlite()
    .prepare(
      "SELECT doc, group_concat(term, ' ' ORDER BY offset) AS pairs FROM temp.fts_instances WHERE col = 'pairs' GROUP BY doc",
    )
    .all() as { doc: number; pairs: string }[];
  return new Map(rows.map((row) => [row.doc, row.pairs]));
}

const findPair = (pair: string) =>
  sqlite().prepare("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?").pluck().all(`pairs : "${pair}"`);

describe("phrase pairs ingest makes (SQLite)", () => {
  it("are the pairs FTS5's own stems make, for real transcripts and ACOS trajectories, and nothing is left behind", async () => {
    const acos = generateAcosTrajectories({ seed: 32, count: 400, idPrefix: "pairs" });
    acos[0] = { ...acos[0]!, task: "Résumé du déploiement: naïve café fix" };
    const zip = zipSync(Object.fromEntries(claudeFixtureFiles().map((f) => [f.name, f.content])));
    for (const [file, query] of [
      [{ name: "projects.zip", content: zip }, {}],
      [{ name: "trajectories.jsonl", content: toJsonl(acos) }, { project: "pairs" }],
    ] as const) {
      const { status, body } = await postFiles([file], query);
      expect(status, JSON.stringify(body.error)).toBe(200);
    }

    const given = indexedPairs();
    expect(given.size).toBeGreaterThan(400);
    expect(sqlite().prepare("SELECT count(*) FROM memories WHERE stem_pairs IS NOT NULL").pluck().get()).toBe(0);
    expect(sqlite().prepare("SELECT count(*) FROM memory_stems").pluck().get()).toBe(0);

    sqlite().exec("UPDATE memories SET content = content");
    expect(indexedPairs()).toEqual(given);
  });

  it("are FTS5's for every character beyond ASCII that ingest reads as a separator", () => {
    const separators: string[] = [];
    for (let code = 0x80; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (stemPairs([`a${char}b`]) !== null) separators.push(char);
    }
    expect(separators.length).toBeGreaterThan(1000);
    const content = separators.map((char, i) => `w${i}${char}`).join("");
    const given = stemPairs([content, ""]);
    const id = sqlite()
      .prepare(
        "INSERT INTO memories (category, content, tags, confidence, source, stem_pairs) VALUES ('insight', ?, '', 0.5, 'test:separators', ?) RETURNING id",
      )
      .pluck()
      .get(content, given) as number;
    const indexed = indexedPairs().get(id);
    expect(indexed?.split(" ")).toHaveLength(separators.length);

    sqlite().prepare("UPDATE memories SET content = content WHERE id = ?").run(id);
    expect(indexedPairs().get(id)).toBe(indexed);
  });

  it("index the pairs a write gives, once, and make their own when an update gives none", () => {
    const insert = sqlite()
      .prepare(
        "INSERT INTO memories (category, content, tags, confidence, source, stem_pairs) VALUES ('insight', ?, '', 0.5, ?, ?) RETURNING id",
      )
      .pluck();
    const id = insert.get("alpha beta", "test:given", "5gammadelta5 0") as number;
    expect(findPair("5gammadelta5")).toEqual([id]);
    expect(sqlite().prepare("SELECT stem_pairs FROM memories WHERE id = ?").pluck().get(id)).toBeNull();

    sqlite()
      .prepare("UPDATE memories SET content = 'gamma delta', stem_pairs = '5epsilonzeta4 0' WHERE id = ?")
      .run(id);
    expect(findPair("5epsilonzeta4")).toEqual([id]);
    expect(findPair("5gammadelta5")).toEqual([]);

    sqlite().prepare("UPDATE memories SET content = 'iota kappa' WHERE id = ?").run(id);
    expect(findPair("5epsilonzeta4")).toEqual([]);
    expect(findPair("4iotakappa5")).toEqual([id]);
  });
});
