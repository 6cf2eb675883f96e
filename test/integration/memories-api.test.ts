import { beforeAll, describe, expect, it } from "vitest";
import { DELETE, GET as getOne, PATCH } from "@/app/api/v1/memories/[id]/route";
import { GET, POST } from "@/app/api/v1/memories/route";
import { getDb } from "@/db/client";
import { projects } from "@/db/schema";
import { createRandom } from "@/test/factories/generate/random";
import type { MemoryHit, MemorySearchResult } from "@/lib/memory/contract";
import { apiRequest, browserRequest } from "./support/auth";

const BASE = "http://test/api/v1/memories";

interface ErrorBody {
  error: { code: string; message: string; details?: { field: string | null; message: string }[] };
}

async function search(params: Record<string, string>) {
  const response = await GET(await apiRequest(`${BASE}?${new URLSearchParams(params)}`));
  return { status: response.status, body: (await response.json()) as MemorySearchResult & ErrorBody };
}

/** Creating, editing and deleting memories is curation: the admin signed in does it, not a token. */
const json = (method: string, body: unknown, path = BASE) =>
  browserRequest(path, {
    method,
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const withId = (id: number | string) => ({ params: Promise.resolve({ id: String(id) }) });

async function create(body: unknown) {
  const response = await POST(await json("POST", body));
  return { status: response.status, body: (await response.json()) as MemoryHit & ErrorBody };
}

beforeAll(async () => {
  await getDb().insert(projects).values({ slug: "alpha", name: "Alpha" }).run();
  for (const content of [
    "Read before edit keeps edits safe.",
    "Run the tests after editing several files.",
    'Quote "marks" and (parentheses) in text.',
  ]) {
    expect((await create({ project: "alpha", category: "pattern", content, tags: "workflow" })).status).toBe(201);
  }
});

describe("GET /api/v1/memories", () => {
  it("answers a search with items, total, facets and snippets", async () => {
    const { status, body } = await search({ q: "edit", project: "alpha", limit: "1" });
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.items).toHaveLength(1);
    expect(body.nextOffset).toBe(1);
    expect(body.facets.projects).toEqual([{ value: "alpha", count: 2 }]);
    expect(body.items[0]!.snippet).toMatch(/\u0002edit/i);
    expect(body.halfLifeDays).toBe(30);
  });

  const hostile = [
    '"',
    '"unbalanced',
    'a "b" "c',
    "*",
    "edit*",
    "**edit",
    "NEAR(edit test)",
    "NEAR(",
    "edit AND",
    "OR NOT AND",
    "NOT edit",
    "content:x",
    "tags:workflow",
    "{content tags}: edit",
    "^edit",
    "(",
    ")))",
    "(edit OR",
    "🙂",
    "edit 🚀 tests 👩‍💻",
    "x".repeat(10_000),
    "edit ".repeat(2_000),
    "",
    "   ",
    "\u0000\u0001\u001f",
    "'; DROP TABLE memories; --",
    "1; SELECT * FROM sqlite_master",
    "%_\\",
    "rank:1",
    "rowid:1",
    "memories_fts:edit",
  ];
  it.each(hostile.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : JSON.stringify(q), q]))(
    "q=%s answers 200",
    async (_, q) => {
      const { status, body } = await search({ q });
      expect(status).toBe(200);
      expect(Array.isArray(body.items)).toBe(true);
    },
  );

  it("answers 200 for thousands of random hostile queries", async () => {
    const rng = createRandom(42);
    const alphabet = [
      '"',
      "*",
      "(",
      ")",
      ":",
      "^",
      "+",
      "-",
      "{",
      "}",
      "'",
      ";",
      " ",
      " ",
      "AND",
      "OR",
      "NOT",
      "NEAR",
      "edit",
      "read",
      "é",
      "🙂",
      "\u0000",
      "\n",
      ",",
      "\\",
    ];
    for (let i = 0; i < 2_000; i++) {
      const q = Array.from({ length: rng.int(1, 12) }, () => rng.pick(alphabet)).join(rng.chance(0.5) ? "" : " ");
      const { status } = await search({ q });
      expect(status, JSON.stringify(q)).toBe(200);
    }
  });

  it("the table survives the SQL-looking query", async () => {
    await search({ q: "'; DROP TABLE memories; --" });
    expect((await search({ q: "edit" })).body.total).toBe(2);
  });

  it.each([
    [{ limit: "0" }, "limit"],
    [{ limit: "500" }, "limit"],
    [{ category: "bogus" }, "category"],
    [{ minConfidence: "2" }, "minConfidence"],
    [{ from: "yesterday" }, "from"],
    [{ sort: "random" }, "sort"],
  ])("refuses %o with 422 naming the field", async (params, field) => {
    const { status, body } = await search(params);
    expect(status).toBe(422);
    expect(body.error.details?.map((d) => d.field)).toContain(field);
  });
});

describe("POST /api/v1/memories", () => {
  it("creates a memory (201) that search finds at once", async () => {
    const { status, body } = await create({
      content: "Prefer pnpm for installs.",
      category: "preference",
      tags: ["tooling"],
      confidence: 0.7,
      pinned: true,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      project: null,
      category: "preference",
      tags: ["tooling"],
      confidence: 0.7,
      effectiveConfidence: 0.7,
      pinned: true,
      source: expect.stringMatching(/^manual:/),
    });
    expect((await search({ q: "pnpm" })).body.items.map((i) => i.id)).toEqual([body.id]);
  });

  it.each([
    [{ category: "insight" }, "content"],
    [{ content: "x", category: "nope" }, "category"],
    [{ content: "x", category: "insight", confidence: 3 }, "confidence"],
    [{ content: "x", category: "insight", tags: ["Not A Tag"] }, "tags.0"],
    [{ content: "x", category: "insight", project: "ghost" }, "project"],
  ])("refuses %o with 422 naming %s", async (input, field) => {
    const { status, body } = await create(input);
    expect(status).toBe(422);
    expect(body.error.details?.map((d) => d.field)).toContain(field);
    expect(body.error.message).toContain(field.split(".")[0]);
  });

  it("refuses a body that is not JSON, or is far too large", async () => {
    for (const body of ["not json", "", "[1,2", "null", "42"]) {
      const response = await POST(await json("POST", body));
      expect(response.status, body).toBe(422);
    }
    const huge = await POST(await json("POST", { content: "x".repeat(100_000), category: "insight" }));
    expect(huge.status).toBe(413);
  });
});

describe("GET, PATCH and DELETE /api/v1/memories/<id>", () => {
  it("reads, edits (searchable at once) and deletes a memory", async () => {
    const { body: created } = await create({ project: "alpha", content: "Lint before pushing.", category: "insight" });
    const read = await getOne(await apiRequest(`${BASE}/${created.id}`), withId(created.id));
    expect(read.status).toBe(200);
    expect(((await read.json()) as MemoryHit).content).toBe("Lint before pushing.");

    const patched = await PATCH(
      await json(
        "PATCH",
        { content: "Format before pushing.", tags: "style, git", project: null },
        `${BASE}/${created.id}`,
      ),
      withId(created.id),
    );
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      content: "Format before pushing.",
      tags: ["style", "git"],
      project: null,
    });
    expect((await search({ q: "format pushing" })).body.total).toBe(1);
    expect((await search({ q: "lint" })).body.total).toBe(0);

    const pinned = await PATCH(await json("PATCH", { pinned: true }, `${BASE}/${created.id}`), withId(created.id));
    expect(((await pinned.json()) as MemoryHit).pinned).toBe(true);

    const deleted = await DELETE(
      await browserRequest(`${BASE}/${created.id}`, { method: "DELETE" }),
      withId(created.id),
    );
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await search({ q: "format pushing" })).body.total).toBe(0);
    expect((await getOne(await apiRequest(`${BASE}/${created.id}`), withId(created.id))).status).toBe(404);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5", "99999999999999999999"]) {
      expect((await getOne(await apiRequest(`${BASE}/${id}`), withId(id))).status, id).toBe(404);
      expect((await DELETE(await browserRequest(`${BASE}/${id}`, { method: "DELETE" }), withId(id))).status, id).toBe(
        404,
      );
      expect((await PATCH(await json("PATCH", { pinned: true }, `${BASE}/${id}`), withId(id))).status, id).toBe(404);
    }
  });

  it("refuses a bad patch with 422 naming the field", async () => {
    const { body: created } = await create({ content: "Patch target.", category: "insight" });
    for (const [patch, field] of [
      [{}, null],
      [{ confidence: "lots" }, "confidence"],
      [{ category: "nope" }, "category"],
      [{ project: "ghost" }, "project"],
      [{ content: "   " }, "content"],
      [{ colour: "red" }, null],
    ] as const) {
      const response = await PATCH(await json("PATCH", patch, `${BASE}/${created.id}`), withId(created.id));
      expect(response.status, JSON.stringify(patch)).toBe(422);
      const body = (await response.json()) as ErrorBody;
      if (field) expect(body.error.details?.map((d) => d.field)).toContain(field);
    }
  });
});
