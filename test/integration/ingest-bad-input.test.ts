import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memories, projects, sessions } from "@/db/schema";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { postFiles, postRaw } from "./ingest-client";

const [good] = generateAcosTrajectories({ seed: 11, count: 1, idPrefix: "bad" }) as Record<string, unknown>[];
const goodJson = JSON.stringify(good, null, 2);

async function storedRows() {
  const db = getDb();
  return {
    projects: (await db.select({ n: count() }).from(projects).get())!.n,
    sessions: (await db.select({ n: count() }).from(sessions).get())!.n,
    memories: (await db.select({ n: count() }).from(memories).get())!.n,
  };
}

const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);

const cases: {
  title: string;
  name: string;
  body: string | Uint8Array;
  line: number | null;
  field: string | null;
  says: RegExp;
}[] = [
  {
    title: "truncated JSON",
    name: "truncated.json",
    body: goodJson.slice(0, goodJson.length / 2),
    line: expect.any(Number) as unknown as number,
    field: null,
    says: /JSON|truncated|end/i,
  },
  {
    title: 'successScore: "high"',
    name: "high.json",
    body: JSON.stringify({ ...good, successScore: "high" }),
    line: 1,
    field: "successScore",
    says: /number/i,
  },
  {
    title: "successScore: 7",
    name: "seven.json",
    body: JSON.stringify({ ...good, successScore: 7 }),
    line: 1,
    field: "successScore",
    says: /between 0 and 1|too big|<=|1/i,
  },
  {
    title: "a missing id",
    name: "no-id.jsonl",
    body: JSON.stringify({ ...good, id: undefined }),
    line: 1,
    field: "id",
    says: /id|required/i,
  },
  { title: "a binary file", name: "image.png", body: binary, line: null, field: null, says: /binary/i },
  {
    title: "valid JSON of the wrong shape",
    name: "shape.json",
    body: JSON.stringify({ hello: "world", items: [1, 2] }),
    line: 1,
    field: null,
    says: /expected|not an ACOS/i,
  },
];

describe("POST /api/v1/ingest refuses bad input with a 4xx naming the file, line and field", () => {
  afterEach(async () => {
    // The server keeps serving: a good file still goes through after every bad one.
    const ok = await postRaw(
      toJsonl(generateAcosTrajectories({ seed: Date.now() % 1000, count: 1, idPrefix: `after-${Math.random()}` })),
      { project: "healthy" },
    );
    expect(ok.status).toBe(200);
  });

  for (const c of cases) {
    it(`${c.title}: answers 422 and stores nothing`, async () => {
      const before = await storedRows();
      const { status, body } = await postRaw(c.body, { project: "victim", name: c.name });
      expect(status).toBe(422);
      expect(body.error?.message).toContain(c.name);
      expect(body.error?.message).toMatch(c.says);
      const error = body.files[0]!.errors[0]!;
      if (c.line !== null) expect(error.line).toEqual(c.line);
      if (c.field !== null) {
        expect(error.field).toBe(c.field);
        expect(body.error?.message).toContain(`field ${c.field}`);
      }
      expect(body.totals.accepted).toBe(0);
      expect(await storedRows()).toEqual(before);
      expect(await getDb().select().from(projects).where(eq(projects.slug, "victim")).get()).toBeUndefined();
    });
  }

  it("the same bad files in one multipart post are each reported by name", async () => {
    const { status, body } = await postFiles(
      cases.map((c) => ({ name: c.name, content: c.body })),
      { project: "victim" },
    );
    expect(status).toBe(422);
    expect(body.files.map((f) => f.name)).toEqual(cases.map((c) => c.name));
    for (const f of body.files) expect(f.rejected).toBeGreaterThan(0);
  });

  describe("over the body limit", () => {
    afterEach(() => {
      delete process.env.STARLIGHT_MAX_BODY_MB;
    });

    it("answers 413 with a clear message for a raw body and for multipart, storing nothing", async () => {
      process.env.STARLIGHT_MAX_BODY_MB = "0.05";
      const big = toJsonl(generateAcosTrajectories({ seed: 12, count: 200, idPrefix: "big" }));
      expect(big.length).toBeGreaterThan(0.05 * 1024 * 1024);
      const before = await storedRows();
      const raw = await postRaw(big, { project: "big", name: "big.jsonl" });
      expect(raw.status).toBe(413);
      expect(raw.body.error?.message).toMatch(/larger than the 0.05 MB limit/);
      const multipart = await postFiles([{ name: "big.jsonl", content: big }], { project: "big" });
      expect(multipart.status).toBe(413);
      expect(await storedRows()).toEqual(before);
    });
  });

  it("answers 422 for a project name with nothing usable in it", async () => {
    const { status, body } = await postRaw(goodJson, { project: "🚀" });
    expect(status).toBe(422);
    expect(body.error?.message).toMatch(/project/);
  });
});
