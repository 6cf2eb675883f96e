import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOver, type Db } from "@/db/engine/database";
import { postgresExecutor } from "@/db/engine/postgres";
import { prefixTerms, textWindow } from "@/db/pg/memory-search";
import { searchMemories } from "@/db/queries/memories";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";
import { TEXT_WINDOW } from "@/lib/memory/search-window";
import { toTsQuery, tsPrefixWords } from "@/lib/memory/ts-query";
import { decayAt } from "@/lib/server/memories";
import { freshDatabase } from "./support/postgres";
import { numberTypes } from "./support/pg-copy";

/**
 * The PostgreSQL memory search on a real cluster: ranking (content above tags; ts_rank_cd is cover density, so
 * words near each other rank above words far apart), prefixes, phrases, the read scope, the snippet markers,
 * hostile input, and the window of the newest matches found in steps (lib/memory/window-steps.ts) against a plain
 * ORDER BY id DESC of every match.
 */

describe("PostgreSQL memory search", () => {
  let pool: pg.Pool;
  let db: Db;
  const ids: Record<string, number> = {};

  async function memory(key: string, projectId: number | null, content: string, tags = ""): Promise<void> {
    const { rows } = await pool.query(
      `INSERT INTO memories (project_id, category, content, tags, confidence, source) VALUES ($1, 'decision', $2, $3, 0.8, $4) RETURNING id`,
      [projectId, content, tags, `search-${key}`],
    );
    ids[key] = rows[0].id as number;
  }

  const search = (q: string, readable?: readonly number[]) =>
    searchMemories(db, { q, readable, limit: 20, offset: 0 }, decayAt());
  const found = async (q: string, readable?: readonly number[]) =>
    (await search(q, readable)).items.map((item) => item.id);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), types: numberTypes });
    db = databaseOver(postgresExecutor(pool));
    await pool.query(`INSERT INTO projects (id, slug, name) VALUES (1, 'alpha', 'Alpha'), (2, 'beta', 'Beta')`);
    await memory("content", 1, "Run the verification suite after editing the parser");
    await memory("twice", 1, "Verification first, then verification again before the release of the parser");
    await memory("tags", 1, "Keep commits small", "verification parser");
    await memory("phrase", 2, "Read before edit: open lib/auth.ts before changing it");
    await memory("reversed", 2, "Edit before read is how regressions happen");
    await memory("global", null, "Deployments verified on staging first");
  });
  afterAll(async () => {
    await pool.end();
  });

  it("ranks a match in content above a match in tags only, and near words above far ones", async () => {
    expect((await found("parser")).at(-1)).toBe(ids.tags);
    expect(await found("verification suite")).toEqual([ids.content]);
    expect(await found("release parser")).toEqual([ids.twice]);
    expect((await found("verification parser"))[0]).not.toBe(ids.twice);
  });

  it("finds a prefix stemmed as the content is, and as written", async () => {
    expect(new Set(await found("verif*"))).toEqual(new Set([ids.content, ids.twice, ids.tags, ids.global]));
    expect(await found("deploym")).toEqual([ids.global]);
  });

  it("finds a quoted phrase only in its order, and a path whole or by its parts", async () => {
    expect(await found('"read before edit"')).toEqual([ids.phrase]);
    expect(new Set(await found("read edit"))).toEqual(new Set([ids.phrase, ids.reversed]));
    expect(await found("lib/auth.ts")).toEqual([ids.phrase]);
    expect(await found("auth.ts")).toEqual([ids.phrase]);
    expect(await found('"verification suite"')).toEqual([ids.content]);
    expect(await found('"suite verification"')).toEqual([]);
    expect(await found('"keep commits small verification"')).toEqual([ids.tags]);
    expect(await found('"open lib/auth.ts"')).toEqual([ids.phrase]);
    // A stop word stands for any one word: the two words around it are one position apart.
    expect(await found('"edit before read"')).toEqual([ids.reversed]);
    expect(await found('"read the edit"')).toEqual([ids.phrase]);
    expect(await found('"read the lib"')).toEqual([]);
  });

  it("searches only the projects the caller reads, and the global memories", async () => {
    expect(new Set(await found("verif*", [2]))).toEqual(new Set([ids.global]));
    expect(await found("verif*", [])).toEqual([ids.global]);
    expect(await found("edit", [1])).toEqual([ids.content]);
  });

  it("never matches the marks a memory's tsvectors hold for the search, whatever is typed", async () => {
    for (const q of ["P1", "p1", "'P1'", "R12.0", "r12.0", "~p1", "R12"]) expect(await found(q), q).toEqual([]);
  });

  it("marks the matched words of a snippet with the highlight markers, and cuts long content with …", async () => {
    const [hit] = (await search('"read before edit"')).items;
    // "before" is an English stop word: not in the index, so not marked.
    expect(hit!.snippet).toBe(
      `${HIGHLIGHT_START}Read${HIGHLIGHT_END} before ${HIGHLIGHT_START}edit${HIGHLIGHT_END}: open lib/auth.ts before changing it`,
    );
    await memory(
      "long",
      1,
      `${"filler words here ".repeat(40)}the needle sits here ${"more filler words ".repeat(40)}`,
    );
    const [long] = (await search("needle")).items;
    expect(long!.snippet.startsWith("…") && long!.snippet.endsWith("…")).toBe(true);
    expect(long!.snippet).toContain(`${HIGHLIGHT_START}needle${HIGHLIGHT_END}`);
  });

  it("reads hostile text as words: never a tsquery error", async () => {
    for (const q of [
      "'",
      "\\",
      "a & | ! b",
      "<->",
      "(((",
      "x:* & !y",
      "'; DROP TABLE memories; --",
      "🙂",
      "\u0000",
      "the and of",
      "é".repeat(5000),
    ]) {
      await expect(search(q), JSON.stringify(q)).resolves.toBeDefined();
    }
    expect(new Set(await found("verification & !parser"))).toEqual(new Set([ids.twice, ids.content, ids.tags]));
  });

  describe("the words a prefix begins (migration 0015)", () => {
    const listed = async (word: string) => (await prefixTerms(db, [word])).get(word);

    it("lists the words of every memory written or rewritten, never the marks, and a word once however often written", async () => {
      expect(await listed("verif")).toEqual(["verification", "verified"]);
      expect(await listed("Verif")).toEqual(["verification", "verified"]);
      expect(await listed("zebra")).toEqual([]);
      await memory("rewritten", 1, "Keep commits small");
      await pool.query(`UPDATE memories SET content = 'Zebrafish fixtures load slowly' WHERE id = $1`, [ids.rewritten]);
      expect(await listed("zebra")).toEqual(["zebrafish"]);
      expect(await found("zebra")).toEqual([ids.rewritten]);
      const { rows } = await pool.query(
        `SELECT count(*) AS n FROM memory_word_terms WHERE left(term, 1) IN ('P', 'R')`,
      );
      expect(rows[0].n).toBe(0);
    });

    it("lets writers add the same new words at once, in either order, without waiting on each other", async () => {
      const [one, two] = [await pool.connect(), await pool.connect()];
      try {
        await one.query("BEGIN");
        await two.query("BEGIN");
        // Other projects' memories: nothing else they write is shared (memory_counts is kept by project and category).
        await two.query("SET LOCAL lock_timeout = '2s'");
        const insert = `INSERT INTO memories (project_id, category, content, confidence, source) VALUES ($1, 'insight', $2, 0.5, $3)`;
        await one.query(insert, [1, "quokkaone quokkatwo", "concurrent-1"]);
        await two.query(insert, [2, "quokkatwo quokkaone", "concurrent-2"]);
        await one.query("COMMIT");
        await two.query("COMMIT");
      } finally {
        one.release();
        two.release();
      }
      expect(await listed("quokka")).toEqual(["quokkaone", "quokkatwo"]);
    });

    it("leaves out a prefix that begins more than 64 words, or that is read as more than one word", async () => {
      await pool.query(
        `INSERT INTO memories (category, content, confidence, source) SELECT 'insight', 'lemma' || i, 0.5, 'lemma-' || i FROM generate_series(1, 65) AS i`,
      );
      expect(await prefixTerms(db, ["lemma", "lemma1", "lemma one"])).toEqual(
        new Map([
          [
            "lemma1",
            [
              "lemma1",
              "lemma10",
              "lemma11",
              "lemma12",
              "lemma13",
              "lemma14",
              "lemma15",
              "lemma16",
              "lemma17",
              "lemma18",
              "lemma19",
            ],
          ],
        ]),
      );
      expect(new Set(await found("lemma6"))).toHaveLength(7);
    });

    it("finds nothing through a prefix that begins no word, and the whole words still", async () => {
      expect(toTsQuery("verified zebu", { terms: await prefixTerms(db, ["zebu"]) })?.prefixes).toBeNull();
      expect(await found("verified zebu")).toEqual([]);
      expect(await found("verified")).toEqual([ids.global]);
    });
  });

  describe("the window of the newest matches", () => {
    // Words in every memory, in one of 8, 16 and 40, and only in old memories, searched over all memories and one
    // project's; and prefixes of them (which walk first). Ids 256 apart run to about 10 million, across blocks of
    // every size the tsvectors mark, so spans grow from the newest 4,096 ids to all of them.
    const TOTAL = 40_000;
    beforeAll(async () => {
      await pool.query(
        `INSERT INTO memories (id, project_id, category, content, confidence, source)
         SELECT 100000 + i * 256, CASE WHEN i % 3 = 0 THEN 2 ELSE 1 END, 'insight',
           'window ' || CASE WHEN i % 8 = 0 THEN 'octal ' ELSE '' END || CASE WHEN i % 16 = 0 THEN 'sparse ' ELSE '' END ||
             CASE WHEN i % 40 = 0 THEN 'fortieth ' ELSE '' END || CASE WHEN i < 3000 THEN 'ancient ' ELSE '' END || 'note ' || i, 0.5, 'window-' || i
         FROM generate_series(1, $1) AS i`,
        [TOTAL],
      );
      await pool.query("ANALYZE memories");
    });

    /** Every match of `q` in `column`, newest first: what the window must agree with. */
    async function everyMatch(q: string, column: "search" | "words", scope: number[] | null): Promise<number[]> {
      const query = toTsQuery(q)!;
      const [text, config] = column === "search" ? [query.words, "english"] : [query.prefixes!, "simple"];
      const scoped = scope === null ? "" : ` AND coalesce(project_id, 0) = ANY($2::bigint[])`;
      const { rows } = await pool.query(
        `SELECT id FROM memories WHERE ${column} @@ to_tsquery('${config}', $1)${scoped} ORDER BY id DESC`,
        scope === null ? [text] : [text, scope],
      );
      return rows.map((row: { id: number }) => row.id);
    }

    it("holds the newest matches however common the word, and says when there were more", async () => {
      for (const word of ["window", "octal", "sparse", "fortieth", "ancient"]) {
        for (const scope of [null, [0, 2]]) {
          const window = await textWindow(
            db,
            { words: toTsQuery(word, { typing: false })!.words, prefixes: null },
            scope === null ? undefined : [2],
          );
          const every = await everyMatch(word, "search", scope);
          expect(window.words, `${word} ${JSON.stringify(scope)}`).toEqual(every.slice(0, TEXT_WINDOW));
          expect(window.bounded, word).toBe(every.length > TEXT_WINDOW ? "words" : null);
        }
      }
      expect(await everyMatch("sparse", "search", null)).toHaveLength(TOTAL / 16);
    });

    it("holds the newest matches of a phrase, found through its pairs, exactly as a check of every memory's positions", async () => {
      const phrases = [
        '"octal sparse"',
        '"sparse octal"',
        '"window note"',
        '"note window"',
        '"ancient note"',
        '"fortieth ancient note"',
        '"window octal note"',
      ];
      // With a stop word between two words (which PostgreSQL drops, keeping its position): one word apart.
      phrases.push('"window the note"', '"octal the fortieth"', '"window the octal"', '"note a window"');
      for (const phrase of phrases) {
        const query = toTsQuery(phrase, { typing: false })!;
        const window = await textWindow(db, query, undefined);
        const every = await everyMatch(phrase, "search", null);
        expect(window.words, phrase).toEqual(every.slice(0, TEXT_WINDOW));
        expect(window.bounded, phrase).toBe(every.length > TEXT_WINDOW ? "words" : null);
      }
      expect(await everyMatch('"octal sparse"', "search", null)).toHaveLength(TOTAL / 16);
    });

    it("holds the newest matches of a prefix beside whole words, read through the whole words or through the prefix", async () => {
      // The walk of the newest memories sees "ancient" nowhere, and "fortieth" twice as often as with `spar*`: their
      // spans read them alone, and check each memory for the prefix. It sees "octal" five times as often as with
      // `fort*`, and "sparse" never with `anci*`: their spans read the prefix's words.
      for (const q of ["ancient fort", "ancient wind", "fortieth spar", "octal fort", "sparse anci"]) {
        for (const scope of [null, [0, 2]]) {
          const window = await textWindow(db, toTsQuery(q)!, scope === null ? undefined : [2]);
          const every = await everyMatch(q, "words", scope);
          expect(window.words, q).toEqual([]);
          expect(window.prefixed, `${q} ${JSON.stringify(scope)}`).toEqual(every.slice(0, TEXT_WINDOW));
          expect(window.bounded, q).toBe(every.length > TEXT_WINDOW ? "prefixes" : null);
        }
      }
    });

    it("reads a prefix that begins few words as those words, to the same window as the prefix read open", async () => {
      for (const q of [
        "ancient fort",
        "ancient wind",
        "fortieth spar",
        "octal fort",
        "sparse anci",
        "fort",
        "ancien",
        "win",
      ]) {
        const terms = await prefixTerms(db, tsPrefixWords(q));
        expect(terms.size, q).toBe(1);
        for (const scope of [null, [0, 2]]) {
          const window = await textWindow(db, toTsQuery(q, { terms })!, scope === null ? undefined : [2]);
          const every = await everyMatch(q, "words", scope);
          expect(window.prefixed, `${q} ${JSON.stringify(scope)}`).toEqual(every.slice(0, TEXT_WINDOW));
          expect(window.bounded, q).toBe(every.length > TEXT_WINDOW ? "prefixes" : null);
          // The open query, with the listed one asked for only when the prefix tier is read: the same window.
          let asked = 0;
          const listed = async () => (asked++, toTsQuery(q, { terms })!);
          expect(await textWindow(db, toTsQuery(q)!, scope === null ? undefined : [2], listed), q).toEqual(window);
          expect(asked, q).toBe(1);
        }
      }
    });

    it("does not ask for a prefix's words when the whole words fill the window", async () => {
      let asked = 0;
      const listed = async () => (asked++, toTsQuery("window", { terms: await prefixTerms(db, ["window"]) })!);
      const window = await textWindow(db, toTsQuery("window")!, undefined, listed);
      expect(window.words).toHaveLength(TEXT_WINDOW);
      expect(window.bounded).toBe("words");
      expect(asked).toBe(0);
    });

    it("fills the room the words leave with the newest prefix-only matches", async () => {
      const window = await textWindow(db, toTsQuery("fort")!, undefined);
      expect(window.words).toEqual([]);
      expect(window.prefixed).toEqual((await everyMatch("fort", "words", null)).slice(0, TEXT_WINDOW));
      expect(window.bounded).toBeNull();
      const old = await textWindow(db, toTsQuery("ancien")!, [2]);
      expect(old.prefixed).toEqual((await everyMatch("ancien", "words", [0, 2])).slice(0, TEXT_WINDOW));
      expect(old.bounded).toBeNull();
      const wide = await textWindow(db, toTsQuery("win")!, undefined);
      expect(wide.prefixed).toEqual((await everyMatch("win", "words", null)).slice(0, TEXT_WINDOW));
      expect(wide.bounded).toBe("prefixes");
    });
  });
});
