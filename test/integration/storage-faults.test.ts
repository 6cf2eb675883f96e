import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { GET as projectGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as projectScore } from "@/app/api/v1/projects/[slug]/score/route";
import { GET as listProjects } from "@/app/api/v1/projects/route";
import { GET as instanceScore } from "@/app/api/v1/score/route";
import { GET as whoAmI } from "@/app/api/v1/session/route";
import { getDb, sqliteOf } from "@/db/client";
import { projects } from "@/db/schema";
import { startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { browserRequest, seedAdmin } from "./support/auth";

/**
 * A read-only or full database: reads answer as usual (the writes they make by the way, such as today's score
 * snapshot, a new guidance generation or a last-used time, are skipped and logged), and changes answer 503 or 507
 * naming the cause instead of a generic 500.
 */

const BASE = "http://localhost:3000/api/v1";
const client = () => sqliteOf(getDb());
const NO_CEILING = 4_294_967_294;
const slug = { params: Promise.resolve({ slug: "faulty" }) };

afterEach(() => {
  client().pragma("query_only = 0");
  client().pragma(`max_page_count = ${NO_CEILING}`);
});

let fresh: () => Promise<{ token: string; signIn: string }>;

beforeAll(async () => {
  const { user } = await seedAdmin();
  await getDb().insert(projects).values({ slug: "faulty", name: "Faulty" }).run();
  // Each read below is the first use of its token and sign-in, so it would write a last-used time.
  fresh = async () => ({
    token: (
      await issueToken(getDb(), {
        userId: user.id,
        name: "fault test",
        permissions: ["read", "ingest"],
        projectIds: null,
      })
    ).token,
    signIn: await startSignIn(getDb(), user.id, Date.now() - 5 * 60_000),
  });
});

async function reads(credentials: { token: string; signIn: string }): Promise<number[]> {
  const bearer = { headers: { authorization: `Bearer ${credentials.token}` } };
  return Promise.all([
    instanceScore(new Request(`${BASE}/score`, bearer)).then((r) => r.status),
    projectScore(new Request(`${BASE}/projects/faulty/score`, bearer), slug).then((r) => r.status),
    projectGuidance(new Request(`${BASE}/projects/faulty/guidance`, bearer), slug).then((r) => r.status),
    listProjects(new Request(`${BASE}/projects`, bearer)).then((r) => r.status),
    whoAmI(new Request(`${BASE}/session`, { headers: { cookie: `starlight_session=${credentials.signIn}` } })).then(
      (r) => r.status,
    ),
  ]);
}

async function write(): Promise<{ status: number; error: { code: string; message: string } }> {
  const body = JSON.stringify({
    content: `A lesson ${"written by hand, ".repeat(250)}`,
    category: "insight",
    project: "faulty",
  });
  const response = await addMemory(
    await browserRequest(`${BASE}/memories`, { method: "POST", headers: { "content-type": "application/json" }, body }),
  );
  return {
    status: response.status,
    error: ((await response.json()) as { error: { code: string; message: string } }).error,
  };
}

describe("a read-only database", () => {
  it("still answers reads, and refuses changes with 503 naming the cause", async () => {
    const credentials = await fresh();
    client().pragma("query_only = 1");
    expect(await reads(credentials)).toEqual([200, 200, 200, 200, 200]);
    const { status, error } = await write();
    expect(status).toBe(503);
    expect(error.code).toBe("database_unavailable");
    expect(error.message).toMatch(/read-only.*SQLITE_READONLY/);
  });
});

describe("a full disk", () => {
  it("still answers reads, and refuses changes with 507 naming the cause", async () => {
    const credentials = await fresh();
    client().exec("VACUUM");
    client().pragma(`max_page_count = ${client().pragma("page_count", { simple: true }) as number}`);
    expect(await reads(credentials)).toEqual([200, 200, 200, 200, 200]);
    const { status, error } = await write();
    expect(status).toBe(507);
    expect(error.code).toBe("insufficient_storage");
    expect(error.message).toMatch(/disk holding the database is full.*SQLITE_FULL/);
  });
});
