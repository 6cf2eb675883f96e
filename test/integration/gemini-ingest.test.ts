import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { operations, projects, sessions } from "@/db/schema";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";

const files = generateGeminiSessions({ seed: 16, count: 24 });
const named = files.filter((f) => !/^[0-9a-f]{64}\//.test(f.path));
const hashed = files.filter((f) => /^[0-9a-f]{64}\//.test(f.path));
const upload = (list: typeof files) => list.map((f) => ({ name: `.gemini/tmp/${f.path}`, content: f.content }));

async function stored(slug: string) {
  return getDb()
    .select({ externalId: sessions.externalId, id: sessions.id, agent: sessions.agent })
    .from(sessions)
    .innerJoin(projects, eq(projects.id, sessions.projectId))
    .where(and(eq(projects.slug, slug), eq(sessions.format, "gemini")))
    .all();
}

const opCount = async (sessionId: number) =>
  (await getDb().select({ n: count() }).from(operations).where(eq(operations.sessionId, sessionId)).get())!.n;

describe("Gemini CLI sessions through POST /api/v1/ingest", () => {
  it("stores each session once, in the project its folder names, with the tool calls counted while generating", async () => {
    const { status, body } = await postFiles(upload(named));
    expect(status, JSON.stringify(body.error)).toBe(200);
    for (const f of body.files) expect(f, f.name).toMatchObject({ format: "gemini", accepted: 1, rejected: 0 });
    for (const slug of ["shop", "billing-api"]) {
      const rows = await stored(slug);
      const expected = named.filter((f) => f.path.startsWith(`${slug}/`));
      expect(rows.map((r) => r.externalId).sort()).toEqual(expected.map((f) => f.expected.sessionId).sort());
      for (const row of rows) {
        expect(row.agent).toBe("gemini-cli");
        expect(await opCount(row.id)).toBe(
          expected.find((f) => f.expected.sessionId === row.externalId)!.expected.operations,
        );
      }
    }
  });

  it("counts a session sent again as a duplicate, and stores nothing twice", async () => {
    const before = (await stored("shop")).length + (await stored("billing-api")).length;
    const { status, body } = await postFiles(upload(named));
    expect(status).toBe(200);
    for (const f of body.files) expect(f, f.name).toMatchObject({ accepted: 0, duplicates: 1, rejected: 0 });
    expect((await stored("shop")).length + (await stored("billing-api")).length).toBe(before);
  });

  it("asks for a project when the folder is only a hash of the path, and takes the request's", async () => {
    const { body } = await postFiles(upload(hashed));
    for (const f of body.files) expect(f.errors).toEqual([expect.objectContaining({ field: "project" })]);
    const { status, body: again } = await postFiles(upload(hashed), { project: "docs-site" });
    expect(status).toBe(200);
    for (const f of again.files) expect(f).toMatchObject({ accepted: 1, project: "docs-site" });
  });

  it("turns the sessions' shell commands into project knowledge", async () => {
    const response = await GET(await apiRequest("http://localhost/api/v1/projects/shop/guidance?format=markdown"), {
      params: Promise.resolve({ slug: "shop" }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const taught = /## What this project teaches\n\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1] ?? "";
    expect(taught, text).toContain("`npm test`");
  });

  it.each([
    ["the sub-agent's chat first", true],
    ["the session first", false],
  ])("folds a sub-agent's chat (chats/<sessionId>/<id>.jsonl) into its session, %s", async (_, subFirst) => {
    const [main, sub] = generateGeminiSessions({ seed: subFirst ? 41 : 42, count: 10 }).filter(
      (f) => f.path.startsWith("shop/") && f.path.endsWith(".jsonl"),
    );
    const parentId = main!.expected.sessionId;
    const subId = sub!.expected.sessionId;
    const subFile = { name: `.gemini/tmp/shop/chats/${parentId}/${subId}.jsonl`, content: sub!.content };
    const mainFile = { name: `.gemini/tmp/${main!.path}`, content: main!.content };
    for (const file of subFirst ? [subFile, mainFile] : [mainFile, subFile])
      expect((await postFiles([file])).status).toBe(200);

    const rows = await stored("shop");
    expect(rows.find((r) => r.externalId === subId)).toBeUndefined();
    const parent = rows.find((r) => r.externalId === parentId)!;
    const ops = await getDb().select().from(operations).where(eq(operations.sessionId, parent.id)).all();
    expect(ops).toHaveLength(main!.expected.operations + sub!.expected.operations);
    expect(ops.filter((o) => o.delegated)).toHaveLength(sub!.expected.operations);
    const session = (await getDb().select().from(sessions).where(eq(sessions.id, parent.id)).get())!;
    expect(session.delegated).toBe(sub!.expected.operations > 0);

    const again = await postFiles([mainFile, subFile]);
    expect(again.body.totals).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await getDb().select().from(operations).where(eq(operations.sessionId, parent.id)).all()).toHaveLength(
      ops.length,
    );
  });
});
