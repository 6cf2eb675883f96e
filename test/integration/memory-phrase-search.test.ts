import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, transaction } from "@/db/client";
import { createMemory, deleteMemory, updateMemory } from "@/db/queries/memory-curation";
import { countAllMatches, searchMemories, type ScopedMemorySearch } from "@/db/queries/memories";
import { memories, projects } from "@/db/schema";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";
import { generateMemories } from "@/test/factories/generate/memories";
import { createRandom } from "@/test/factories/generate/random";
import { decayAt } from "@/lib/server/memories";

// A phrase's search reads the memories holding its pairs of neighbouring words (SQLite: memories_fts's `pairs`
// column, migration 0031; PostgreSQL: the `pairs` column, migration 0011). The count it is checked against matches
// the phrase alone, without the pairs, in full.

const generated = generateMemories({ seed: 11, count: 600 });
const projectIds = new Map<string, number>();

beforeAll(async () => {
  const db = getDb();
  for (const slug of [...new Set(generated.map((m) => m.project))].sort()) {
    projectIds.set(slug, (await db.insert(projects).values({ slug, name: slug }).returning().get()).id);
  }
  await transaction(db, async () => {
    const rows = generated.map((m) => ({
      projectId: projectIds.get(m.project) ?? null,
      category: m.category,
      content: m.content,
      tags: m.tags.join(" "),
      confidence: m.confidence,
      source: m.source,
      pinned: m.pinned,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      reinforcedAt: m.reinforcedAt,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insert(memories)
        .values(rows.slice(i, i + 200))
        .run();
  });
});

const at = () => decayAt(Date.UTC(2027, 3, 1));
const search = (params: Partial<ScopedMemorySearch>) =>
  searchMemories(getDb(), { limit: 100, offset: 0, ...params }, at());
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Phrases of two to four neighbouring words out of the vault's memories, and the same words reversed. */
function phrases(count: number): string[] {
  const rng = createRandom(5);
  const out = new Set<string>();
  while (out.size < count) {
    const text = words(rng.pick(generated).content);
    const start = rng.int(0, Math.max(0, text.length - 4));
    const run = text.slice(start, start + rng.int(2, 4));
    if (run.length < 2) continue;
    out.add(`"${run.join(" ")}"`);
    out.add(`"${[...run].reverse().join(" ")}"`);
  }
  return [...out];
}

describe("phrase search through pairs of neighbouring words", () => {
  it("finds exactly the memories holding the phrase, as the full phrase match counts them", async () => {
    let found = 0;
    for (const q of phrases(60)) {
      const expected = await countAllMatches(getDb(), { q, limit: 20, offset: 0 }, at());
      const result = await search({ q });
      expect(result.total, q).toBe(expected);
      found += expected;
    }
    expect(found).toBeGreaterThan(100);
  });

  it("finds exactly the memories holding a phrase and another word, or a phrase in a tag", async () => {
    const rng = createRandom(9);
    let found = 0;
    for (const phrase of phrases(30)) {
      const word = rng.pick(words(rng.pick(generated).content)) ?? "read";
      const tag = rng.pick(rng.pick(generated).tags) ?? "insight";
      for (const query of [{ q: `${word} ${phrase}` }, { q: `${phrase} ${word}*` }, { q: phrase, tag }]) {
        const expected = await countAllMatches(getDb(), { ...query, limit: 20, offset: 0 }, at());
        expect((await search(query)).total, JSON.stringify(query)).toBe(expected);
        found += expected;
      }
    }
    expect(found).toBeGreaterThan(50);
  });

  it("matches phrases of words in other forms, in tags, in words of several tokens and within a project", async () => {
    const project = [...projectIds.keys()][0]!;
    const memory = await createMemory(
      getDb(),
      {
        project,
        category: "insight",
        content: "Running the integration tests caught it; see lib/auth.ts first.",
        tags: ["lint-typecheck-test"],
        confidence: 0.8,
      },
      at(),
    );
    for (const q of [
      '"run the integration test"',
      '"typecheck test"',
      "lint-typecheck-test",
      "auth.ts",
      '"lib auth"',
      "lib/auth.ts",
    ]) {
      expect(
        (await search({ q })).items.map((item) => item.id),
        q,
      ).toContain(memory.id);
      expect(
        (await search({ q, readable: [projectIds.get(project)!] })).items.map((item) => item.id),
        q,
      ).toContain(memory.id);
    }
    expect((await search({ tag: "lint-typecheck-test" })).items.map((item) => item.id)).toContain(memory.id);
    expect((await search({ q: '"tests integration"' })).items.map((item) => item.id)).not.toContain(memory.id);
    expect((await search({ q: '"auth lib"' })).items.map((item) => item.id)).not.toContain(memory.id);
    await deleteMemory(getDb(), memory.id);
  });

  it("finds the parts of paths, file names and versions, and marks them in the memory's own text", async () => {
    const memory = await createMemory(
      getDb(),
      {
        project: null,
        category: "insight",
        content: "Bump playwright.config.ts to v1.2.3 (see docs/e2e_setup.md).",
        tags: [],
        confidence: 0.8,
      },
      at(),
    );
    for (const q of ["config", "playwright.config", '"config ts"', "v1.2.3", "2.3", "e2e_setup", "setup.md", "docs"]) {
      const item = (await search({ q })).items.find((found) => found.id === memory.id);
      expect(item, q).toBeDefined();
      expect(item!.snippet.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, ""), q).toBe(memory.content);
    }
    const item = (await search({ q: "config.ts" })).items.find((found) => found.id === memory.id);
    expect(item?.snippet).toContain(`playwright.${HIGHLIGHT_START}config`);
    expect(item?.snippet).toContain(`${HIGHLIGHT_END} to v1.2.3 (see docs/e2e_setup.md).`);
    expect((await search({ q: "v1.2.4" })).items.map((found) => found.id)).not.toContain(memory.id);
    await deleteMemory(getDb(), memory.id);
  });

  it("follows a memory's edits, moves and deletion", async () => {
    const [first, second] = [...projectIds.values()];
    const memory = await createMemory(
      getDb(),
      {
        project: [...projectIds.keys()][0]!,
        category: "insight",
        content: "Pin the wombat version before upgrading.",
        tags: [],
        confidence: 0.8,
      },
      at(),
    );
    const ids = async (q: string, readable?: number[]) => (await search({ q, readable })).items.map((item) => item.id);
    expect(await ids('"wombat version"')).toEqual([memory.id]);
    await updateMemory(getDb(), memory.id, { content: "Pin the numbat release before upgrading." }, at());
    expect(await ids('"wombat version"')).toEqual([]);
    expect(await ids('"numbat release"')).toEqual([memory.id]);
    await getDb().update(memories).set({ projectId: second }).where(eq(memories.id, memory.id)).run();
    expect(await ids('"numbat release"', [first!])).toEqual([]);
    expect(await ids('"numbat release"', [second!])).toEqual([memory.id]);
    await deleteMemory(getDb(), memory.id);
    expect(await ids('"numbat release"')).toEqual([]);
  });
});
