import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, isPostgres, sqliteOf, transaction } from "@/db/client";
import { createMemory, deleteMemory, setPinned, updateMemory } from "@/db/queries/memory-curation";
import { countAllMatches, getMemory, searchMemories, type ScopedMemorySearch } from "@/db/queries/memories";
import { memories, projects } from "@/db/schema";
import { HIGHLIGHT_END, HIGHLIGHT_START, type MemoryInput } from "@/lib/memory/contract";
import { DAY_MS, effectiveConfidence, effectiveConfidenceSql } from "@/lib/memory/decay";
import { BROWSE_WINDOW, boundedBrowseNote, boundedTextNote, TEXT_WINDOW } from "@/lib/memory/search-window";
import { decayAt } from "@/lib/server/memories";

const NOW = Date.UTC(2026, 5, 1, 12);
const ids: Record<string, number> = {};

async function seed(
  name: string,
  input: Omit<MemoryInput, "tags"> & { tags?: string[] },
  times: { daysAgo?: number; reinforcedDaysAgo?: number } = {},
) {
  const created = NOW - (times.daysAgo ?? 0) * DAY_MS;
  const memory = await createMemory(getDb(), { tags: [], ...input }, decayAt(created));
  if (times.reinforcedDaysAgo !== undefined) {
    const at = NOW - times.reinforcedDaysAgo * DAY_MS;
    await getDb().update(memories).set({ reinforcedAt: at, updatedAt: at }).where(eq(memories.id, memory.id)).run();
  }
  ids[name] = memory.id;
}

beforeAll(async () => {
  const db = getDb();
  await db
    .insert(projects)
    .values([
      { slug: "alpha", name: "Alpha" },
      { slug: "beta", name: "Beta" },
    ])
    .run();
  await seed(
    "readBeforeEdit",
    {
      project: "alpha",
      category: "pattern",
      content: "Read before edit: open a file with Read, then Edit it.",
      tags: ["read-before-edit", "workflow"],
      confidence: 0.9,
    },
    { daysAgo: 1 },
  );
  await seed(
    "blindEdit",
    {
      project: "alpha",
      category: "error",
      content: "Editing without reading first broke the build.",
      tags: ["edit", "build"],
      confidence: 0.7,
    },
    { daysAgo: 2 },
  );
  await seed(
    "testing",
    {
      project: "alpha",
      category: "insight",
      content: "Testing after the last change caught the regression.",
      tags: ["testing"],
      confidence: 0.8,
    },
    { daysAgo: 3 },
  );
  await seed(
    "vitest",
    {
      project: "beta",
      category: "decision",
      content: "Chose vitest over jest for the unit tests.",
      tags: ["vitest", "adr"],
      confidence: 0.75,
    },
    { daysAgo: 10 },
  );
  await seed(
    "verify",
    {
      project: "beta",
      category: "pattern",
      content: "Verification with tsc after multi-file changes: verified sessions succeed.",
      tags: ["verification"],
      confidence: 0.85,
    },
    { daysAgo: 20 },
  );
  await seed(
    "smell",
    {
      project: null,
      category: "preference",
      content: "Edit before read is a smell; so is reading after the edit.",
      tags: ["review"],
      confidence: 0.6,
    },
    { daysAgo: 5 },
  );
  await seed(
    "deployStrong",
    {
      project: "beta",
      category: "pattern",
      content: "Deploy to staging, deploy checks, then deploy to production: deploy twice.",
      tags: ["deploy"],
      confidence: 0.95,
    },
    { daysAgo: 4 },
  );
  await seed(
    "deployWeak",
    {
      project: "beta",
      category: "insight",
      content: "A Friday deploy once went wrong because nobody watched the logs afterwards.",
      tags: ["deploy"],
      confidence: 0.3,
    },
    { daysAgo: 4 },
  );
  await seed(
    "deployOld",
    { project: "alpha", category: "decision", content: "Deploy from main only.", tags: ["deploy"], confidence: 0.9 },
    { daysAgo: 120 },
  );
});

const search = (params: Partial<ScopedMemorySearch> = {}, now = NOW) =>
  searchMemories(getDb(), { limit: 20, offset: 0, ...params }, decayAt(now));
const names = (result: { items: { id: number }[] }) =>
  result.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

describe("searchMemories: full text", () => {
  it("stems: editing finds edit, tests finds testing", async () => {
    expect(names(await search({ q: "editing" }))).toEqual(
      expect.arrayContaining(["readBeforeEdit", "blindEdit", "smell"]),
    );
    expect(names(await search({ q: "edit" })).sort()).toEqual(names(await search({ q: "editing" })).sort());
    expect(names(await search({ q: "tests" }))).toEqual(expect.arrayContaining(["testing", "vitest"]));
  });

  it("finds by prefix, a word ending in * or the last word being typed", async () => {
    expect(names(await search({ q: "verif*" }))).toEqual(["verify"]);
    expect(names(await search({ q: "stag*" }))).toEqual(["deployStrong"]);
    expect(names(await search({ q: "stag" }))).toEqual(["deployStrong"]);
    expect(names(await search({ q: "stag production" }))).toEqual([]);
    expect(names(await search({ q: "dep*", project: "beta" })).sort()).toEqual(["deployStrong", "deployWeak"]);
    expect(names(await search({ q: "de", project: "beta" }))).toEqual([]);
  });

  it("matches a quoted phrase only in that order", async () => {
    expect(names(await search({ q: '"read before edit"' }))).toEqual(["readBeforeEdit"]);
    expect(names(await search({ q: '"deploy checks"' }))).toEqual(["deployStrong"]);
    expect(names(await search({ q: '"checks deploy"' }))).toEqual([]);
    // SQLite ranks a phrase's window, and cuts its snippets, in the scratch index rather than walking the vault's again.
    const [hit] = (await search({ q: '"deploy checks"' })).items;
    expect(hit?.snippet).toMatch(
      new RegExp(`${HIGHLIGHT_START}deploy(${HIGHLIGHT_END} ${HIGHLIGHT_START}| )checks${HIGHLIGHT_END}`),
    );
    expect(names(await search({ q: '"staging deploy"' }))).toEqual(["deployStrong"]);
    // Unquoted, the words match in any order and form (reading, editing). Both engines promise that much for words
    // that are not English stop words: PostgreSQL drops those ("before"; in a phrase, one stands for any word),
    // where FTS5 requires them.
    expect(names(await search({ q: "read edit" })).sort()).toEqual(["blindEdit", "readBeforeEdit", "smell"]);
  });

  it("highlights matched words with the contract's marks, never HTML", async () => {
    for (const q of ["verif*", "verif", "verifi"]) {
      const [hit] = (await search({ q })).items;
      expect(hit?.snippet, q).toBe(
        `${HIGHLIGHT_START}Verification${HIGHLIGHT_END} with tsc after multi-file changes: ${HIGHLIGHT_START}verified${HIGHLIGHT_END} sessions succeed.`,
      );
      expect(hit?.content).not.toContain(HIGHLIGHT_START);
    }
  });

  it("searches tags too", async () => {
    expect(names(await search({ q: "adr" }))).toEqual(["vitest"]);
  });

  it("ranks the memory that is about the words, and trusted, first", async () => {
    expect(names(await search({ q: "deploy" }))).toEqual(["deployStrong", "deployOld", "deployWeak"]);
  });

  it("sorts by effective confidence or by recency on request", async () => {
    expect(names(await search({ q: "deploy", sort: "confidence" }))).toEqual([
      "deployStrong",
      "deployWeak",
      "deployOld",
    ]);
    const recent = await search({ q: "deploy", sort: "recent" });
    expect(names(recent)[2]).toBe("deployOld");
    expect(recent.items[0]!.updatedAt).toBeGreaterThanOrEqual(recent.items[1]!.updatedAt);
  });

  it("lists everything, most recent first, without a query", async () => {
    const all = await search();
    expect(all.total).toBe(Object.keys(ids).length);
    expect(names(all)[0]).toBe("readBeforeEdit");
    expect(all.items.at(-1)?.id).toBe(ids.deployOld);
    expect(all.items[0]?.snippet).toBe(all.items[0]?.content);
  });

  it("answers an empty result when the query holds no word", async () => {
    for (const q of [")))", "🙂", '"', "*"])
      expect(await search({ q })).toMatchObject({ items: [], total: 0, nextOffset: null });
  });
});

describe("searchMemories: words as people type them", () => {
  const typed: Record<string, number> = {};
  beforeAll(async () => {
    for (const [name, input] of Object.entries({
      deployment: {
        project: "beta",
        category: "error",
        content: "The deployment to production failed twice.",
        tags: ["ops"],
        confidence: 0.99,
      },
      deploys: {
        project: "alpha",
        category: "insight",
        content: "She deploys every Friday without a checklist.",
        tags: [],
        confidence: 0.6,
      },
      operation: {
        project: null,
        category: "insight",
        content: "Each operation is logged with its duration.",
        tags: [],
        confidence: 0.7,
      },
      config: {
        project: "alpha",
        category: "decision",
        content: "Keep the config file in the repository.",
        tags: [],
        confidence: 0.4,
      },
      configuration: {
        project: "alpha",
        category: "decision",
        content: "The configuration drifted between staging and production.",
        tags: [],
        confidence: 0.99,
      },
    } satisfies Record<string, MemoryInput>)) {
      typed[name] = (await createMemory(getDb(), input, decayAt(NOW - DAY_MS))).id;
    }
  });
  afterAll(async () => {
    for (const id of Object.values(typed)) await deleteMemory(getDb(), id);
  });

  const named = (result: { items: { id: number }[] }) =>
    result.items.map(
      (item) => Object.keys(typed).find((name) => typed[name] === item.id) ?? names({ items: [item] })[0],
    );

  it("finds every form of a word from its start, while it is typed or complete", async () => {
    const deploys = ["deployOld", "deployStrong", "deployWeak", "deployment", "deploys"];
    for (const q of ["deplo", "deploy", "deplo*", "Deploy"])
      expect(named(await search({ q })).sort(), q).toEqual(deploys);
    for (const q of ["deplo", "deploy"])
      expect(await countAllMatches(getDb(), { q, limit: 20, offset: 0 }, decayAt(NOW))).toBe(deploys.length);
    expect(named(await search({ q: "friday deploy" })).sort()).toEqual(["deployWeak", "deploys"]);
  });

  it("finds a word stemming cuts differently from how it is typed", async () => {
    for (const q of ["operat*", "operat", "opera", "operation"])
      expect(named(await search({ q })), q).toEqual(["operation"]);
    expect(named(await search({ q: "operat logged" }))).toEqual([]);
    expect(named(await search({ q: "operat* logged" }))).toEqual(["operation"]);
  });

  it("ranks the memories holding the word whole above those it only begins, whatever their confidence", async () => {
    expect(named(await search({ q: "config" }))).toEqual(["config", "configuration"]);
    expect(named(await search({ q: "config", readable: [] }))).toEqual([]);
    const alpha = (await getDb().select().from(projects).where(eq(projects.slug, "alpha")).get())!.id;
    expect(named(await search({ q: "config", readable: [alpha] }))).toEqual(["config", "configuration"]);
    expect(named(await search({ q: "config", sort: "confidence" }))).toEqual(["configuration", "config"]);
  });

  it("highlights the words a prefix begins", async () => {
    const hits = (await search({ q: "deplo" })).items;
    expect(hits.find((hit) => hit.id === typed.deployment)?.snippet).toBe(
      `The ${HIGHLIGHT_START}deployment${HIGHLIGHT_END} to production failed twice.`,
    );
    const [config, configuration] = (await search({ q: "config" })).items;
    expect(config?.snippet).toBe(`Keep the ${HIGHLIGHT_START}config${HIGHLIGHT_END} file in the repository.`);
    expect(configuration?.snippet).toBe(
      `The ${HIGHLIGHT_START}configuration${HIGHLIGHT_END} drifted between staging and production.`,
    );
  });
});

describe("searchMemories: filters, facets and pages", () => {
  it("filters by project, category and exact tag", async () => {
    expect(names(await search({ q: "edit", project: "alpha" })).sort()).toEqual(["blindEdit", "readBeforeEdit"]);
    expect(names(await search({ category: "pattern" })).sort()).toEqual(["deployStrong", "readBeforeEdit", "verify"]);
    expect(names(await search({ tag: "edit" }))).toEqual(["blindEdit"]);
    expect(names(await search({ tag: "read" }))).toEqual([]);
    expect(names(await search({ tag: "test" }))).toEqual([]);
    expect(names(await search({ q: "edit", tag: "build" }))).toEqual(["blindEdit"]);
    expect(names(await search({ q: "edit", tag: "workflow" }))).toEqual(["readBeforeEdit"]);
    expect((await search({ project: "nobody" })).items).toEqual([]);
  });

  it("filters by effective (decayed) confidence", async () => {
    const result = await search({ q: "deploy", minConfidence: 0.5 });
    expect(names(result)).toEqual(["deployStrong"]);
    expect((await getMemory(getDb(), ids.deployOld!, decayAt(NOW)))!.effectiveConfidence).toBeLessThan(0.1);
  });

  it("filters by the day of the last update (UTC, inclusive)", async () => {
    const day = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(names(await search({ from: day(4), to: day(2) })).sort()).toEqual([
      "blindEdit",
      "deployStrong",
      "deployWeak",
      "testing",
    ]);
    expect(names(await search({ to: day(100) }))).toEqual(["deployOld"]);
  });

  it("counts each facet with every filter but its own", async () => {
    const result = await search({ q: "deploy", project: "beta", category: "pattern" });
    expect(result.total).toBe(1);
    expect(result.facets.categories).toEqual([
      { value: "insight", count: 1 },
      { value: "pattern", count: 1 },
    ]);
    expect(result.facets.projects).toEqual([{ value: "beta", count: 1 }]);
    expect((await search({ q: "deploy" })).facets.projects).toEqual([
      { value: "beta", count: 2 },
      { value: "alpha", count: 1 },
    ]);
  });

  it("pages with offsets", async () => {
    const first = await search({ limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.nextOffset).toBe(4);
    const last = await search({ limit: 4, offset: 8 });
    expect(last.items).toHaveLength(1);
    expect(last.nextOffset).toBeNull();
    expect(
      new Set([...first.items, ...(await search({ limit: 4, offset: 4 })).items, ...last.items].map((i) => i.id)).size,
    ).toBe(9);
  });
});

describe("curation is visible in search at once", () => {
  it("an edit is searchable at once and the old words are gone", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Giraffes prefer tall trees.", tags: ["zoo"], confidence: 0.5 },
      decayAt(NOW),
    );
    expect(names(await search({ q: "giraffe" }))).toHaveLength(1);
    await updateMemory(getDb(), memory.id, { content: "Zebras prefer open plains.", tags: ["savanna"] }, decayAt(NOW));
    expect((await search({ q: "giraffe" })).total).toBe(0);
    expect((await search({ q: "zebra" })).items.map((i) => i.id)).toEqual([memory.id]);
    expect((await search({ q: "savanna" })).items.map((i) => i.id)).toEqual([memory.id]);
    expect((await search({ tag: "zoo" })).total).toBe(0);
  });

  it("a deleted memory leaves search at once", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Ephemeral okapi note.", tags: [], confidence: 0.5 },
      decayAt(NOW),
    );
    expect((await search({ q: "okapi" })).total).toBe(1);
    expect(await deleteMemory(getDb(), memory.id)).toBe(true);
    expect((await search({ q: "okapi" })).total).toBe(0);
    expect(await getMemory(getDb(), memory.id, decayAt())).toBeNull();
    expect(await deleteMemory(getDb(), memory.id)).toBe(false);
  });

  it("stores a person's memory with a manual source, its project and tags", async () => {
    const memory = await createMemory(
      getDb(),
      {
        project: "beta",
        category: "decision",
        content: "Keep migrations small.",
        tags: ["db", "migrations"],
        confidence: 0.7,
      },
      decayAt(NOW),
    );
    expect(memory).toMatchObject({
      project: "beta",
      source: expect.stringMatching(/^manual:[0-9a-f-]{36}$/),
      tags: ["db", "migrations"],
      createdAt: NOW,
      updatedAt: NOW,
      reinforcedAt: null,
      pinned: false,
    });
    await expect(
      createMemory(
        getDb(),
        { project: "nobody", category: "insight", content: "x", tags: [], confidence: 0.5 },
        decayAt(NOW),
      ),
    ).rejects.toThrow(/nobody/);
    await deleteMemory(getDb(), memory.id);
  });
});

describe("confidence decays with a 30-day half-life unless reinforced", () => {
  it("halves at 30 days and quarters at 60", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Decay probe.", tags: [], confidence: 0.8 },
      decayAt(NOW),
    );
    expect((await getMemory(getDb(), memory.id, decayAt(NOW + 30 * DAY_MS)))!.effectiveConfidence).toBeCloseTo(0.4, 12);
    expect((await getMemory(getDb(), memory.id, decayAt(NOW + 60 * DAY_MS)))!.effectiveConfidence).toBeCloseTo(0.2, 12);
    expect(
      (await searchMemories(getDb(), { q: "decay probe", limit: 1, offset: 0 }, decayAt(NOW + 30 * DAY_MS))).items[0]!
        .effectiveConfidence,
    ).toBeCloseTo(0.4, 12);
  });

  it("a person's edit reinforces: decay starts over", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Reinforce probe.", tags: [], confidence: 0.8 },
      decayAt(NOW),
    );
    const later = NOW + 30 * DAY_MS;
    const edited = (await updateMemory(getDb(), memory.id, { confidence: 0.6 }, decayAt(later)))!;
    expect(edited).toMatchObject({ reinforcedAt: later, updatedAt: later, effectiveConfidence: 0.6 });
    expect((await getMemory(getDb(), memory.id, decayAt(later + 30 * DAY_MS)))!.effectiveConfidence).toBeCloseTo(
      0.3,
      12,
    );
  });

  it("a reinforcement written by ingest (reinforced_at) resets it too", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Ingest probe.", tags: [], confidence: 1 },
      decayAt(NOW - 90 * DAY_MS),
    );
    expect((await getMemory(getDb(), memory.id, decayAt(NOW)))!.effectiveConfidence).toBeCloseTo(0.125, 12);
    await getDb()
      .update(memories)
      .set({ reinforcedAt: NOW - 30 * DAY_MS })
      .where(eq(memories.id, memory.id))
      .run();
    expect((await getMemory(getDb(), memory.id, decayAt(NOW)))!.effectiveConfidence).toBeCloseTo(0.5, 12);
  });

  it("a pinned memory never decays; unpinning starts its decay from then", async () => {
    const memory = await createMemory(
      getDb(),
      { category: "insight", content: "Pinned probe.", tags: [], confidence: 0.9, pinned: true },
      decayAt(NOW - 365 * DAY_MS),
    );
    expect((await getMemory(getDb(), memory.id, decayAt(NOW)))!.effectiveConfidence).toBe(0.9);
    expect((await search({ q: "pinned probe", minConfidence: 0.9 })).total).toBe(1);
    const unpinned = (await setPinned(getDb(), memory.id, false, decayAt(NOW)))!;
    expect(unpinned).toMatchObject({ pinned: false, reinforcedAt: NOW, effectiveConfidence: 0.9 });
    expect((await getMemory(getDb(), memory.id, decayAt(NOW + 30 * DAY_MS)))!.effectiveConfidence).toBeCloseTo(
      0.45,
      12,
    );
    expect((await setPinned(getDb(), memory.id, true, decayAt(NOW)))!.updatedAt).toBe(memory.updatedAt);
  });

  it("SQL and JS compute the same effective confidence", async () => {
    const cases = [
      { confidence: 0.8, pinned: false, createdAt: NOW - 45 * DAY_MS, reinforcedAt: null, projectActiveAt: null },
      {
        confidence: 0.8,
        pinned: false,
        createdAt: NOW - 400 * DAY_MS,
        reinforcedAt: NOW - 7.5 * DAY_MS,
        projectActiveAt: null,
      },
      {
        confidence: 0.37,
        pinned: true,
        createdAt: NOW - 900 * DAY_MS,
        reinforcedAt: null,
        projectActiveAt: NOW - 800 * DAY_MS,
      },
      { confidence: 1, pinned: false, createdAt: NOW + 5 * DAY_MS, reinforcedAt: null, projectActiveAt: null },
      { confidence: -0.2, pinned: false, createdAt: NOW - DAY_MS, reinforcedAt: null, projectActiveAt: NOW },
      {
        confidence: 0.5,
        pinned: false,
        createdAt: NOW - 12_345_678,
        reinforcedAt: NOW - 1,
        projectActiveAt: NOW + DAY_MS,
      },
      {
        confidence: 0.9,
        pinned: false,
        createdAt: NOW - 400 * DAY_MS,
        reinforcedAt: null,
        projectActiveAt: NOW - 370 * DAY_MS,
      },
      {
        confidence: 0.6,
        pinned: false,
        createdAt: NOW - 10 * DAY_MS,
        reinforcedAt: null,
        projectActiveAt: NOW - 20 * DAY_MS,
      },
    ];
    for (const halfLife of [30, 7, 0.5]) {
      for (const c of cases) {
        // Typed as the columns are, which PostgreSQL needs to read a parameter (SQLite reads the casts as no change).
        const columns = {
          confidence: sql`cast(${c.confidence} as double precision)`,
          pinned: sql`cast(${c.pinned ? 1 : 0} as smallint)`,
          createdAt: sql`cast(${c.createdAt} as bigint)`,
          reinforcedAt: sql`cast(${c.reinforcedAt} as bigint)`,
          projectActiveAt: sql`cast(${c.projectActiveAt} as bigint)`,
        };
        const db = getDb();
        const row = await db.get<{ value: number }>(
          sql`select ${effectiveConfidenceSql(columns, NOW, halfLife, isPostgres(db))} as value`,
        );
        expect(row.value).toBeCloseTo(effectiveConfidence(c, NOW, halfLife), 14);
      }
    }
  });
});

describe("a very common word is looked at in a bounded window", () => {
  const extra = TEXT_WINDOW + 50;
  beforeAll(async () => {
    const rows = Array.from({ length: extra }, (_, i) => ({
      category: i % 2 === 0 ? "insight" : "error",
      content: `Common wombat note ${i}.`,
      tags: i % 10 === 0 ? "marsupial" : "",
      confidence: i === 5 ? 1 : 0.5,
      source: `test:wombat:${i}`,
      createdAt: NOW,
      updatedAt: NOW,
    }));
    const db = getDb();
    await transaction(db, async () => {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insert(memories)
          .values(rows.slice(i, i + 500))
          .run();
    });
  });
  afterAll(async () => {
    await getDb().delete(memories).where(sql`source like 'test:wombat:%'`).run();
  });

  it(`counts and orders only the ${TEXT_WINDOW.toLocaleString("en-US")} most recently added matches, by confidence, and says so`, async () => {
    const result = await search({ q: "wombat", limit: 100 });
    expect(result.total).toBe(TEXT_WINDOW);
    expect(result.facets.categories.reduce((sum, f) => sum + f.count, 0)).toBe(TEXT_WINDOW);
    expect(result.bounded).toBe(boundedTextNote({ q: "wombat", sort: "relevance" }));
    const window = await getDb().all<{ id: number }>(
      sql`select id from memories where source like 'test:wombat:%' order by id desc limit ${TEXT_WINDOW}`,
    );
    const oldest = window.at(-1)!.id;
    expect(Math.min(...result.items.map((i) => i.id))).toBeGreaterThanOrEqual(oldest);
    expect(result.items[0]!.effectiveConfidence).toBeGreaterThanOrEqual(result.items[1]!.effectiveConfidence);
    expect(result.items[0]!.snippet).toContain(`${HIGHLIGHT_START}wombat${HIGHLIGHT_END}`);
    expect(result.nextOffset).toBe(100);
    expect((await search({ q: "wombat", limit: 100, offset: TEXT_WINDOW - 100 })).nextOffset).toBeNull();
  });

  it("ranks by relevance again once the words narrow it, and a prefix is bounded the same way", async () => {
    expect((await search({ q: "wombat 7" })).bounded).toBeNull();
    for (const q of ["womb*", "womb"]) {
      const result = await search({ q });
      expect(result.bounded).toBe(boundedTextNote({ q, sort: "relevance", by: "prefixes" }));
      expect(result.total).toBe(TEXT_WINDOW);
    }
    expect((await search({ q: "wombat", tag: "marsupial" })).bounded).toBeNull();
    expect((await search({ tag: "marsupial" })).total).toBe(Math.ceil(extra / 10));
  });
});

describe("browsing without words", () => {
  it("counts every memory per project and category, kept by triggers through curation", async () => {
    const before = await search();
    const memory = await createMemory(
      getDb(),
      { project: "alpha", category: "decision", content: "Counted probe.", tags: [], confidence: 0.5 },
      decayAt(NOW),
    );
    const after = await search();
    expect(after.total).toBe(before.total + 1);
    const decisions = (r: typeof after) => r.facets.categories.find((f) => f.value === "decision")?.count ?? 0;
    expect(decisions(after)).toBe(decisions(before) + 1);
    await updateMemory(getDb(), memory.id, { category: "insight", project: "beta" }, decayAt(NOW));
    expect(decisions(await search())).toBe(decisions(before));
    expect((await search({ project: "beta", category: "insight" })).items.map((i) => i.id)).toContain(memory.id);
    await deleteMemory(getDb(), memory.id);
    expect((await search()).total).toBe(before.total);
    expect((await search()).facets).toEqual(before.facets);
  });

  it("holds, after its migration refilled it, what a count of the memories says", async () => {
    const scan = () =>
      getDb().all(
        sql`select coalesce(project_id, 0) as p, category as c, count(*) as n from memories group by 1, 2 order by 1, 2`,
      );
    const kept = () =>
      getDb().all(sql`select project_key as p, category as c, n from memory_counts where n > 0 order by 1, 2`);
    expect(await kept()).toEqual(await scan());
    const db = getDb();
    if (!isPostgres(db)) {
      const migration = fs.readFileSync(path.resolve("db/migrations/0014_memory_counts.sql"), "utf8");
      const sqlite = sqliteOf(db);
      sqlite.transaction(() => {
        sqlite.exec(
          "DROP TABLE memory_counts; DROP TRIGGER memories_counts_insert; DROP TRIGGER memories_counts_delete; DROP TRIGGER memories_counts_update;",
        );
        for (const statement of migration.split("--> statement-breakpoint")) sqlite.exec(statement);
      })();
    } else {
      // PostgreSQL's migration that refills the counts (and recreates their triggers), over emptied counts.
      const migration = fs.readFileSync(path.resolve("db/pg/migrations/0003_memory_counts_triggers.sql"), "utf8");
      await transaction(db, async () => {
        await db.run(sql`delete from memory_counts`);
        for (const statement of migration.split("--> statement-breakpoint")) await db.run(sql.raw(statement));
      });
    }
    expect(await kept()).toEqual(await scan());
  });

  it("takes a deleted project's memories out of the counts", async () => {
    const before = await search();
    await getDb().insert(projects).values({ slug: "gamma", name: "Gamma" }).run();
    await createMemory(
      getDb(),
      { project: "gamma", category: "error", content: "Gamma probe.", tags: [], confidence: 0.5 },
      decayAt(NOW),
    );
    expect((await search()).total).toBe(before.total + 1);
    await getDb().delete(projects).where(eq(projects.slug, "gamma")).run();
    expect(await search()).toMatchObject({ total: before.total, facets: before.facets });
  });

  it(`filters, counts and sorts only the ${BROWSE_WINDOW.toLocaleString("en-US")} most recently updated memories when it cannot count them all`, async () => {
    const later = NOW + 100 * DAY_MS;
    const rows = Array.from({ length: BROWSE_WINDOW + 10 }, (_, i) => ({
      category: "insight",
      content: `Browse probe ${i}.`,
      confidence: i === 3 || i === 20 ? 1 : 0.4,
      source: `test:browse:${i}`,
      createdAt: later,
      updatedAt: later,
    }));
    const db = getDb();
    await transaction(db, async () => {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insert(memories)
          .values(rows.slice(i, i + 500))
          .run();
    });
    try {
      const all = await countAllMatches(db, { limit: 20, offset: 0 }, decayAt(later));
      expect(await search({}, later)).toMatchObject({ total: all, bounded: null });
      const byConfidence = await search({ sort: "confidence" }, later);
      expect(byConfidence.total).toBe(BROWSE_WINDOW);
      expect(byConfidence.bounded).toBe(boundedBrowseNote({}));
      // The ten oldest (probe 3 among them) fall outside the window.
      expect(byConfidence.items.slice(0, 2).map((i) => i.content)).toEqual(["Browse probe 20.", "Browse probe 10009."]);
      const day = new Date(later).toISOString().slice(0, 10);
      const dated = await search({ from: day, to: day, minConfidence: 0.3 }, later);
      expect(dated).toMatchObject({ total: BROWSE_WINDOW, bounded: boundedBrowseNote({ from: day, to: day }) });
      expect((await search({ to: new Date(NOW).toISOString().slice(0, 10) }, later)).bounded).toBeNull();
    } finally {
      await getDb().delete(memories).where(sql`source like 'test:browse:%'`).run();
    }
  });

  it("agrees with a full count for every filter", async () => {
    for (const params of [
      {},
      { project: "alpha" },
      { category: "pattern" as const },
      { minConfidence: 0.5 },
      { sort: "confidence" as const },
      { tag: "deploy" },
    ]) {
      const result = await search(params);
      expect(result.total).toBe(await countAllMatches(getDb(), { limit: 20, offset: 0, ...params }, decayAt(NOW)));
      expect(result.bounded).toBeNull();
    }
  });
});
