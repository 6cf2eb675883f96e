import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { getProjectBySlug, getProjectSummary, listProjects } from "@/db/queries/projects";
import { getSession, listProjectSessions, sessionFacets } from "@/db/queries/sessions";
import { memories, operations, projects, sessions, sessionFiles } from "@/db/schema";
import { SESSION_SORTS, SORT_DIRECTIONS, sessionListQuerySchema, type SessionSort } from "@/lib/session-list";

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 10, 12);

type Seed = {
  externalId: string;
  task?: string | null;
  category?: string;
  domain?: string;
  startedAt?: number;
  successScore?: number;
  operationCount?: number;
  agent?: string;
  durationMs?: number | null;
};

// Deliberate ties on every sort value, unknown durations, and LIKE metacharacters in tasks.
const SEEDS: Seed[] = [
  {
    externalId: "a-1",
    task: "Fix login bug",
    category: "error",
    domain: "code_development",
    startedAt: T0,
    successScore: 0.3,
    operationCount: 12,
    durationMs: 60_000,
  },
  {
    externalId: "a-2",
    task: "Add 100% coverage",
    category: "pattern",
    domain: "testing",
    startedAt: T0,
    successScore: 0.9,
    operationCount: 12,
    durationMs: null,
  },
  {
    externalId: "a-3",
    task: "Rename user_id column",
    category: "insight",
    domain: "code_development",
    startedAt: T0 + DAY,
    successScore: 0.9,
    operationCount: 5,
    durationMs: 60_000,
  },
  {
    externalId: "a-4",
    task: "Deploy to staging",
    category: "decision",
    domain: "deployment",
    startedAt: T0 + 2 * DAY,
    successScore: 0.6,
    operationCount: 40,
    durationMs: null,
    agent: "codex",
  },
  {
    externalId: "a-5",
    task: null,
    category: "pattern",
    domain: "testing",
    startedAt: T0 + 2 * DAY,
    successScore: 0.9,
    operationCount: 5,
    durationMs: 5_000,
  },
  {
    externalId: "userid-6",
    task: "Tune caching",
    category: "insight",
    domain: "code_development",
    startedAt: T0 + 3 * DAY,
    successScore: 0.75,
    operationCount: 0,
    durationMs: 120_000,
  },
  {
    externalId: "a-7",
    task: "Refactor auth",
    category: "pattern",
    domain: "code_development",
    startedAt: T0 + 3 * DAY,
    successScore: 0.3,
    operationCount: 12,
    durationMs: 5_000,
  },
];

let db: Db;
let projectId: number;
const ids = new Map<string, number>();

async function insertSession(pid: number, seed: Seed): Promise<number> {
  const startedAt = seed.startedAt ?? T0;
  const row = await db
    .insert(sessions)
    .values({
      projectId: pid,
      format: "acos",
      externalId: seed.externalId,
      agent: seed.agent ?? "claude-code",
      task: seed.task ?? null,
      domain: seed.domain ?? "code_development",
      category: seed.category ?? "insight",
      startedAt,
      endedAt: seed.durationMs == null ? null : startedAt + seed.durationMs,
      durationMs: seed.durationMs ?? null,
      successScore: seed.successScore ?? 0.5,
      successSource: "reported",
      models: ["claude-sonnet"],
      toolBreakdown: { Read: 2, Edit: 1 },
      operationCount: seed.operationCount ?? 3,
      filesModifiedCount: 1,
      filesReadCount: 2,
      shellOps: 0,
      raw: JSON.stringify({ id: seed.externalId }),
    })
    .returning({ id: sessions.id })
    .get();
  return row.id;
}

// The file's own database (test/integration/setup.ts): SQLite, or PostgreSQL in the integration-pg project.
beforeAll(async () => {
  db = getDb();
  projectId = (await db.insert(projects).values({ slug: "alpha", name: "Alpha" }).returning().get()).id;
  const other = (await db.insert(projects).values({ slug: "beta", name: "Beta" }).returning().get()).id;
  await db.insert(projects).values({ slug: "empty", name: "Empty" }).run();
  for (const seed of SEEDS) ids.set(seed.externalId, await insertSession(projectId, seed));
  await insertSession(other, {
    externalId: "a-1",
    task: "Fix login bug",
    category: "error",
    startedAt: T0 + 9 * DAY,
  });
});

const query = (input: Record<string, string | number | undefined> = {}) => sessionListQuerySchema.parse(input);
const externalIds = (items: { externalId: string }[]) => items.map((i) => i.externalId);

function sortValue(seed: Seed, sort: SessionSort): number {
  if (sort === "started") return seed.startedAt!;
  if (sort === "success") return seed.successScore!;
  if (sort === "operations") return seed.operationCount!;
  return seed.durationMs ?? -1;
}

function expectedOrder(sort: SessionSort, dir: "asc" | "desc"): string[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...SEEDS]
    .sort((a, b) => sign * (sortValue(a, sort) - sortValue(b, sort) || ids.get(a.externalId)! - ids.get(b.externalId)!))
    .map((s) => s.externalId);
}

describe("listProjects / getProjectBySlug", () => {
  it("summarises every project, busiest-recent first, empty projects last", async () => {
    const list = await listProjects(db);
    expect(list.map((p) => p.slug)).toEqual(["beta", "alpha", "empty"]);
    const alpha = list.find((p) => p.slug === "alpha")!;
    expect(alpha.sessions).toBe(7);
    expect(alpha.avgSuccess).toBeCloseTo((0.3 + 0.9 + 0.9 + 0.6 + 0.9 + 0.75 + 0.3) / 7, 10);
    expect(alpha.lastActivityAt).toBe(T0 + 3 * DAY);
    expect(alpha.categories).toEqual({ error: 1, pattern: 3, decision: 1, preference: 0, insight: 2 });
    const empty = list.find((p) => p.slug === "empty")!;
    expect(empty).toMatchObject({ sessions: 0, avgSuccess: null, lastActivityAt: null });
  });

  it("finds a project, or its summary, by slug", async () => {
    expect((await getProjectBySlug(db, "alpha"))?.id).toBe(projectId);
    expect(await getProjectBySlug(db, "nope")).toBeNull();
    expect(await getProjectSummary(db, "alpha")).toEqual((await listProjects(db)).find((p) => p.slug === "alpha"));
    expect(await getProjectSummary(db, "empty")).toMatchObject({ slug: "empty", sessions: 0 });
    expect(await getProjectSummary(db, "nope")).toBeNull();
  });
});

describe("listProjectSessions sorting", () => {
  it("defaults to newest first, ties broken by id descending", async () => {
    expect(externalIds((await listProjectSessions(db, projectId, query())).items)).toEqual(
      expectedOrder("started", "desc"),
    );
  });

  for (const sort of SESSION_SORTS) {
    for (const dir of SORT_DIRECTIONS) {
      it(`orders by ${sort} ${dir}`, async () => {
        const page = await listProjectSessions(db, projectId, query({ sort, dir }));
        expect(externalIds(page.items)).toEqual(expectedOrder(sort, dir));
        expect(page.nextCursor).toBeNull();
      });

      it(`walks every row exactly once by ${sort} ${dir}, across ties`, async () => {
        for (const limit of [1, 2, 3]) {
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pageNo = 0; pageNo < 20; pageNo++) {
            const page = await listProjectSessions(db, projectId, query({ sort, dir, limit, cursor }));
            expect(page.items.length).toBeLessThanOrEqual(limit);
            seen.push(...externalIds(page.items));
            if (!page.nextCursor) break;
            cursor = page.nextCursor;
          }
          expect(seen).toEqual(expectedOrder(sort, dir));
        }
      });
    }
  }
});

describe("listProjectSessions filters", () => {
  it("filters by category and domain, only within the project", async () => {
    expect(externalIds((await listProjectSessions(db, projectId, query({ category: "error" }))).items)).toEqual([
      "a-1",
    ]);
    const testing = await listProjectSessions(db, projectId, query({ domain: "testing", sort: "started", dir: "asc" }));
    expect(externalIds(testing.items)).toEqual(["a-2", "a-5"]);
    expect((await listProjectSessions(db, projectId, query({ category: "preference" }))).items).toEqual([]);
  });

  it("filters by agent", async () => {
    expect(externalIds((await listProjectSessions(db, projectId, query({ agent: "codex" }))).items)).toEqual(["a-4"]);
    expect((await listProjectSessions(db, projectId, query({ agent: "codex", domain: "testing" }))).items).toEqual([]);
    expect((await listProjectSessions(db, projectId, query({ agent: "" }))).items).toHaveLength(7);
  });

  it("searches task and external id case-insensitively, with LIKE metacharacters taken literally", async () => {
    expect(externalIds((await listProjectSessions(db, projectId, query({ q: "LOGIN" }))).items)).toEqual(["a-1"]);
    expect(externalIds((await listProjectSessions(db, projectId, query({ q: "100%" }))).items)).toEqual(["a-2"]);
    // "_" would match any character unescaped, so "user_id" would also match the external id "userid-6".
    expect(externalIds((await listProjectSessions(db, projectId, query({ q: "user_id" }))).items)).toEqual(["a-3"]);
    expect(externalIds((await listProjectSessions(db, projectId, query({ q: "userid" }))).items)).toEqual(["userid-6"]);
  });

  it("filters by whole UTC days, both ends included", async () => {
    const day = (offset: number) => new Date(T0 + offset * DAY).toISOString().slice(0, 10);
    const page = await listProjectSessions(
      db,
      projectId,
      query({ from: day(1), to: day(2), sort: "started", dir: "asc" }),
    );
    expect(externalIds(page.items)).toEqual(["a-3", "a-4", "a-5"]);
  });

  it("combines filters with pagination", async () => {
    const first = await listProjectSessions(db, projectId, query({ category: "pattern", sort: "success", limit: 2 }));
    const second = await listProjectSessions(
      db,
      projectId,
      query({ category: "pattern", sort: "success", limit: 2, cursor: first.nextCursor! }),
    );
    expect([...externalIds(first.items), ...externalIds(second.items)]).toEqual(["a-5", "a-2", "a-7"]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("sessionFacets", () => {
  it("counts categories, domains and agents, most common first", async () => {
    const facets = await sessionFacets(db, projectId);
    expect(facets.categories).toEqual([
      { value: "pattern", count: 3 },
      { value: "insight", count: 2 },
      { value: "decision", count: 1 },
      { value: "error", count: 1 },
    ]);
    expect(facets.domains[0]).toEqual({ value: "code_development", count: 4 });
    expect(facets.agents).toEqual([
      { value: "claude-code", count: 6 },
      { value: "codex", count: 1 },
    ]);
  });
});

describe("getSession", () => {
  it("returns the session with ordered operations, files, memory and project", async () => {
    const id = ids.get("a-1")!;
    await db
      .insert(operations)
      .values([2, 0, 1].map((seq) => ({ sessionId: id, seq, tool: `Tool${seq}`, isError: false, delegated: false })))
      .run();
    await db
      .insert(sessionFiles)
      .values([
        { sessionId: id, role: "read" as const, path: "src/b.ts" },
        { sessionId: id, role: "read" as const, path: "src/a.ts" },
        { sessionId: id, role: "modified" as const, path: "src/a.ts" },
      ])
      .run();
    await db
      .insert(memories)
      .values({
        projectId,
        category: "error",
        content: "Login fix failed",
        tags: "auth login",
        confidence: 0.7,
        source: "project:alpha:acos:session:a-1",
        sessionId: id,
      })
      .run();

    const detail = (await getSession(db, id))!;
    expect(detail.project).toEqual({ slug: "alpha", name: "Alpha" });
    expect(detail.session.externalId).toBe("a-1");
    expect(detail.session.raw).toEqual({ id: "a-1" });
    expect(detail.operations.map((o) => o.tool)).toEqual(["Tool0", "Tool1", "Tool2"]);
    expect(detail.files).toEqual({ read: ["src/a.ts", "src/b.ts"], modified: ["src/a.ts"] });
    expect(detail.memory).toMatchObject({ category: "error", content: "Login fix failed", confidence: 0.7 });
  });

  it("returns null for an unknown id, and no memory or operations when there are none", async () => {
    expect(await getSession(db, 999_999)).toBeNull();
    const detail = (await getSession(db, ids.get("a-2")!))!;
    expect(detail.memory).toBeNull();
    expect(detail.operations).toEqual([]);
  });
});
