import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/memories/route";
import { getDb, transaction } from "@/db/client";
import { setMember } from "@/db/queries/members";
import { memories, projects } from "@/db/schema";
import type { MemorySearchResult } from "@/lib/memory/contract";
import { BROWSE_WINDOW, TEXT_WINDOW } from "@/lib/memory/search-window";
import { createUser } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { seedAdmin } from "./support/auth";

/**
 * A search's window (the newest matches, or the most recently updated memories) is taken over the memories the
 * caller may read: how often a word occurs in a project they cannot read never shows in their totals, facets,
 * bounded note or results.
 */

const NOW = Date.now();
const A_MATCHES = 7;
let viewerToken: string;

async function search(token: string, params: Record<string, string>): Promise<MemorySearchResult> {
  const request = new Request(`http://test/api/v1/memories?${new URLSearchParams(params)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await GET(request);
  expect(response.status).toBe(200);
  return (await response.json()) as MemorySearchResult;
}

beforeAll(async () => {
  await seedAdmin();
  const db = getDb();
  const a = (await db.insert(projects).values({ slug: "proj-a", name: "A" }).returning().get()).id;
  const b = (await db.insert(projects).values({ slug: "proj-b", name: "B" }).returning().get()).id;
  const row = (projectId: number | null, i: number, content: string, at: number) => ({
    projectId,
    category: "insight",
    content,
    confidence: 0.5,
    source: `test:${projectId ?? "global"}:${i}`,
    createdAt: at,
    updatedAt: at,
  });
  // A's matches are the oldest memories of the vault; B's are newer and far more than a window holds.
  const aRows = Array.from({ length: A_MATCHES }, (_, i) =>
    row(a, i, `zephyr note ${i} of project a`, NOW - 20 * 86_400_000 + i),
  );
  const bRows = Array.from({ length: BROWSE_WINDOW + 500 }, (_, i) =>
    row(b, i, i < TEXT_WINDOW + 500 ? `zephyr secret ${i} of project b` : `other ${i}`, NOW - i * 1000),
  );
  await transaction(db, async () => {
    await db.insert(memories).values(aRows).run();
    for (let i = 0; i < bRows.length; i += 1000)
      await db
        .insert(memories)
        .values(bRows.slice(i, i + 1000))
        .run();
  });
  const viewer = await createUser(db, {
    email: "viewer-a@starlight.test",
    name: "Viewer A",
    password: "viewer-a-password",
    isAdmin: false,
  });
  await setMember(db, a, viewer.id, "viewer");
  viewerToken = (await issueToken(db, { userId: viewer.id, name: "viewer a", permissions: ["read"], projectIds: null }))
    .token;
});

describe("a search's window is taken over the memories the caller may read", () => {
  it("finds every match of a word in the caller's projects, however common it is elsewhere", async () => {
    const result = await search(viewerToken, { q: "zephyr", limit: "100" });
    expect(result.bounded).toBeNull();
    expect(result.total).toBe(A_MATCHES);
    expect(result.items).toHaveLength(A_MATCHES);
    expect(result.items.every((item) => item.project === "proj-a")).toBe(true);
    expect(result.facets.projects).toEqual([{ value: "proj-a", count: A_MATCHES }]);
  });

  it("filters, counts and sorts the caller's own most recent memories without words", async () => {
    const result = await search(viewerToken, { minConfidence: "0.1", limit: "100" });
    expect(result.bounded).toBeNull();
    expect(result.total).toBe(A_MATCHES);
    expect(result.facets.projects).toEqual([{ value: "proj-a", count: A_MATCHES }]);
  });

  it("ranks the caller's matches by relevance", async () => {
    const result = await search(viewerToken, { q: "zephyr project", sort: "relevance", limit: "100" });
    expect(result.bounded).toBeNull();
    expect(result.total).toBe(A_MATCHES);
    expect(result.items[0]!.snippet).toMatch(/\u0002zephyr\u0003/);
  });

  it("follows a memory moved into or out of the caller's projects", async () => {
    const db = getDb();
    const moved = await db.get<{ id: number; projectId: number }>(
      sql`select id, project_id as "projectId" from memories where source = 'test:2:0'`,
    );
    const a = (await db.get<{ id: number }>(sql`select id from projects where slug = 'proj-a'`)).id;
    await db.run(sql`update memories set project_id = ${a} where id = ${moved.id}`);
    expect((await search(viewerToken, { q: "secret" })).total).toBe(1);
    await db.run(sql`update memories set project_id = ${moved.projectId} where id = ${moved.id}`);
    expect((await search(viewerToken, { q: "secret" })).total).toBe(0);
  });

  it("still bounds a search by whoever may read everything", async () => {
    const { token } = await seedAdmin();
    const words = await search(token, { q: "zephyr" });
    expect(words.bounded).toMatch(new RegExp(`more than ${TEXT_WINDOW.toLocaleString("en-US")} memories`));
    expect(words.total).toBe(TEXT_WINDOW);
    const filters = await search(token, { minConfidence: "0.1" });
    expect(filters.bounded).toMatch(/10,000 most recently updated/);
  });
});
