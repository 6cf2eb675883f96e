import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as searchMemories } from "@/app/api/v1/memories/route";
import { GET as guidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as listSessions } from "@/app/api/v1/projects/[slug]/sessions/route";
import { getDb, isPostgres, sqliteOf } from "@/db/client";
import { statement } from "@/db/engine/statement";
import type { IngestReport } from "@/lib/ingest/report";
import { fuzzRuns } from "@/test/fuzz/settings";
import { apiRequest } from "./support/auth";
import {
  guidanceQuery,
  memoriesQuery,
  projectSlug,
  sessionsQuery,
  toSearch,
  upload,
  type Query,
  type Upload,
} from "./support/fuzz-requests";

/**
 * The API fuzzed through its real route handlers and a real database (a SQLite file, or PostgreSQL): whatever the
 * body, file names or query, the answer is never a 5xx, and a 4xx is JSON with an `error`. Then the database is
 * whole: it passes SQLite's integrity checks (PostgreSQL's foreign keys are all validated), holds exactly the
 * records the answers said were accepted, and no session is stored half-way (each has its memory, its operations
 * and its feature columns).
 */

const BASE = "http://localhost/api/v1";

/** What the answers said was stored: ACOS trajectories accepted, and the ids of the sessions stored or replaced. */
const ledger = { acos: 0, sessions: new Set<number>() };

/** The answer's JSON body, after checking it is not a 5xx and that a 4xx names its error. */
async function answer(response: Response, json = true): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  if (response.status >= 400) {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, text.slice(0, 300)).toBe("string");
    expect(typeof body.error?.message, text.slice(0, 300)).toBe("string");
    return body;
  }
  return json && response.status !== 304 ? JSON.parse(text) : text;
}

function keep(report: IngestReport): void {
  const sum = (pick: (f: IngestReport["files"][number]) => number) => report.files.reduce((n, f) => n + pick(f), 0);
  expect(report.totals).toEqual({
    accepted: sum((f) => f.accepted),
    duplicates: sum((f) => f.duplicates),
    rejected: sum((f) => f.rejected),
    waiting: sum((f) => (f.waitingFor === null ? 0 : 1)),
  });
  for (const file of report.files) {
    if (file.format === "acos-trajectories") ledger.acos += file.accepted;
    for (const session of file.sessions) ledger.sessions.add(session.id);
  }
}

async function post(u: Upload): Promise<Response> {
  const url = `${BASE}/ingest?${toSearch(u.query)}`;
  if (u.kind === "raw") return ingest(await apiRequest(url, { method: "POST", body: u.body as BodyInit }));
  if (u.kind === "broken-multipart") {
    return ingest(
      await apiRequest(url, { method: "POST", body: u.body as BodyInit, headers: { "content-type": u.contentType } }),
    );
  }
  const form = new FormData();
  if (u.project !== undefined) form.append("project", u.project);
  for (const file of u.files) form.append("files", new Blob([file.content as BlobPart]), file.name);
  return ingest(await apiRequest(url, { method: "POST", body: form }));
}

const get = async (path: string, query: Query) => apiRequest(`${BASE}${path}?${toSearch(query)}`);
const slugContext = (slug: string) => ({ params: Promise.resolve({ slug }) });
const scalar = async (sql: string) => Object.values((await statement(sql).get(getDb()))!)[0];

describe("the API, fuzzed through its route handlers", { timeout: 120_000 }, () => {
  beforeAll(() => {
    process.env.STARLIGHT_INGEST_PER_MINUTE = "1000000";
    process.env.STARLIGHT_MAX_BODY_MB = "1";
  });

  afterAll(() => {
    delete process.env.STARLIGHT_INGEST_PER_MINUTE;
    delete process.env.STARLIGHT_MAX_BODY_MB;
  });

  it("POST /ingest answers any body, form, file name or query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(upload, async (u) => {
        const response = await post(u);
        const body = await answer(response);
        if ([200, 207, 422].includes(response.status) && (body as Partial<IngestReport>).files)
          keep(body as IngestReport);
      }),
      fuzzRuns(250),
    );
  });

  it("GET /projects/<slug>/sessions answers any slug and query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(projectSlug, sessionsQuery, async (slug, query) => {
        await answer(
          await listSessions(await get(`/projects/${encodeURIComponent(slug)}/sessions`, query), slugContext(slug)),
        );
      }),
      fuzzRuns(200),
    );
  });

  it("GET /memories answers any search without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(memoriesQuery, async (query) => {
        await answer(await searchMemories(await get("/memories", query)));
      }),
      fuzzRuns(200),
    );
  });

  it("GET /projects/<slug>/guidance answers any slug and query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(projectSlug, guidanceQuery, async (slug, query) => {
        await answer(
          await guidance(await get(`/projects/${encodeURIComponent(slug)}/guidance`, query), slugContext(slug)),
          false,
        );
      }),
      fuzzRuns(100),
    );
  });

  it("leaves a whole database holding exactly what the answers said was accepted", async () => {
    if (isPostgres(getDb())) {
      // PostgreSQL enforces every foreign key as it writes; page integrity and the FTS5 index checks are SQLite's only
      // (PostgreSQL's full-text vectors are generated columns of the row).
      expect(await scalar(`SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND NOT convalidated`)).toBe(0);
    } else {
      const sqlite = sqliteOf(getDb());
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(sqlite.pragma("foreign_key_check")).toEqual([]);
      for (const index of ["memories_fts", "memories_words"])
        expect(() => sqlite.prepare(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`).run()).not.toThrow();
    }

    expect(ledger.acos, "the fuzz stored ACOS trajectories").toBeGreaterThan(0);
    expect(ledger.sessions.size, "the fuzz stored Claude Code sessions").toBeGreaterThan(0);
    expect(await scalar(`SELECT count(*) FROM sessions WHERE format = 'acos'`)).toBe(ledger.acos);
    expect(await scalar(`SELECT count(*) FROM sessions WHERE format = 'claude-code'`)).toBe(ledger.sessions.size);

    // No session stored half-way: one memory each, every operation of a session, every feature column.
    expect(
      await scalar(
        `SELECT count(*) FROM sessions t WHERE (SELECT count(*) FROM memories m WHERE m.session_id = t.id) <> 1`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        `SELECT count(*) FROM sessions t WHERE t.format = 'claude-code' AND t.operation_count <> (SELECT count(*) FROM operations o WHERE o.session_id = t.id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        `SELECT count(*) FROM sessions WHERE domain IS NULL OR category IS NULL OR operation_count IS NULL OR files_modified_count IS NULL OR shell_ops IS NULL`,
      ),
    ).toBe(0);
    expect(
      await scalar(`SELECT count(*) FROM sessions t WHERE t.format = 'claude-code'
        AND NOT EXISTS (SELECT 1 FROM transcript_files f WHERE f.project_id = t.project_id AND f.session_id = t.external_id AND f.part = '')`),
    ).toBe(0);
  });
});
