import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOver, type Db } from "@/db/engine/database";
import { postgresExecutor } from "@/db/engine/postgres";
import { searchText } from "@/db/pg/memory-search";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";
import { TEXT_WINDOW } from "@/lib/memory/search-window";
import { freshDatabase } from "./support/postgres";
import { numberTypes } from "./support/pg-copy";

/**
 * The PostgreSQL memory search by words on a real cluster: ranking (content above tags; ts_rank_cd is cover
 * density, so words near each other rank above words far apart), prefixes, phrases, the read scope, the snippet markers, hostile input, and the bounded window.
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

  const search = (q: string, readable?: readonly number[]) => searchText(db, { q, readable, limit: 20, offset: 0 });
  const found = async (q: string, readable?: readonly number[]) => (await search(q, readable)).items.map((item) => item.id);

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
    const near = await found("release parser");
    expect(near).toEqual([ids.twice]);
    expect((await found("verification parser"))[0]).not.toBe(ids.twice);
  });

  it("finds a trailing * as a prefix, stemmed as the content is", async () => {
    expect(new Set(await found("verif*"))).toEqual(new Set([ids.content, ids.twice, ids.tags, ids.global]));
  });

  it("finds a quoted phrase only in its order, and a word the parser keeps whole", async () => {
    expect(await found('"read before edit"')).toEqual([ids.phrase]);
    expect(new Set(await found("read edit"))).toEqual(new Set([ids.phrase, ids.reversed]));
    expect(await found("lib/auth.ts")).toEqual([ids.phrase]);
  });

  it("searches only the projects the caller reads, and the global memories", async () => {
    expect(new Set(await found("verif*", [2]))).toEqual(new Set([ids.global]));
    expect(await found("verif*", [])).toEqual([ids.global]);
    expect(await found("edit", [1])).toEqual([ids.content]);
  });

  it("marks the matched words of a snippet with the highlight markers, and cuts long content with …", async () => {
    const [hit] = (await search('"read before edit"')).items;
    // "before" is an English stop word: not in the index, so not marked.
    expect(hit!.snippet).toContain(`${HIGHLIGHT_START}Read${HIGHLIGHT_END} before ${HIGHLIGHT_START}edit${HIGHLIGHT_END}`);
    await memory("long", 1, `${"filler words here ".repeat(40)}the needle sits here ${"more filler words ".repeat(40)}`);
    const [long] = (await search("needle")).items;
    expect(long!.snippet.startsWith("…") && long!.snippet.endsWith("…")).toBe(true);
    expect(long!.snippet).toContain(`${HIGHLIGHT_START}needle${HIGHLIGHT_END}`);
  });

  it("reads hostile text as words: never a tsquery error", async () => {
    for (const q of ["'", "\\", "a & | ! b", "<->", "(((", "x:* & !y", "'; DROP TABLE memories; --", "🙂", "\u0000", "the and of", "é".repeat(5000)]) {
      await expect(search(q), JSON.stringify(q)).resolves.toBeDefined();
    }
    expect(new Set(await found("verification & !parser"))).toEqual(new Set([ids.twice, ids.content, ids.tags]));
  });

  it(`looks at the ${TEXT_WINDOW} newest matches and says when there were more`, async () => {
    await pool.query(
      `INSERT INTO memories (project_id, category, content, confidence, source) SELECT 1, 'lesson', 'window word ' || i, 0.5, 'window-' || i FROM generate_series(1, $1) AS i`,
      [TEXT_WINDOW + 5],
    );
    const result = await search("window");
    expect(result.bounded).toBe(true);
    expect(result.total).toBe(TEXT_WINDOW);
    const narrow = await search("window", [2]);
    expect([narrow.bounded, narrow.total]).toEqual([false, 0]);
  });
});
