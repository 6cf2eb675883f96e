import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as password from "@/app/api/v1/account/password/route";
import * as auditRoute from "@/app/api/v1/audit/route";
import * as backup from "@/app/api/v1/backup/route";
import * as health from "@/app/api/v1/health/route";
import * as ingest from "@/app/api/v1/ingest/route";
import * as memory from "@/app/api/v1/memories/[id]/route";
import * as memories from "@/app/api/v1/memories/route";
import * as experiment from "@/app/api/v1/projects/[slug]/experiment/route";
import * as experimentReset from "@/app/api/v1/projects/[slug]/experiment/reset/route";
import * as experimentCsv from "@/app/api/v1/projects/[slug]/experiment/sessions.csv/route";
import * as guidance from "@/app/api/v1/projects/[slug]/guidance/route";
import * as member from "@/app/api/v1/projects/[slug]/members/[userId]/route";
import * as members from "@/app/api/v1/projects/[slug]/members/route";
import * as project from "@/app/api/v1/projects/[slug]/route";
import * as share from "@/app/api/v1/projects/[slug]/shares/[source]/route";
import * as shares from "@/app/api/v1/projects/[slug]/shares/route";
import * as adr from "@/app/api/v1/projects/[slug]/rules/[key]/adr/route";
import * as rules from "@/app/api/v1/projects/[slug]/rules/route";
import * as projectScore from "@/app/api/v1/projects/[slug]/score/route";
import * as sessions from "@/app/api/v1/projects/[slug]/sessions/route";
import * as projects from "@/app/api/v1/projects/route";
import * as score from "@/app/api/v1/score/route";
import * as signedIn from "@/app/api/v1/session/route";
import * as outcome from "@/app/api/v1/sessions/[id]/outcome/route";
import * as session from "@/app/api/v1/sessions/[id]/route";
import * as source from "@/app/api/v1/sources/[id]/route";
import * as sources from "@/app/api/v1/sources/route";
import * as sync from "@/app/api/v1/sync/route";
import * as token from "@/app/api/v1/tokens/[id]/route";
import * as tokens from "@/app/api/v1/tokens/route";
import * as user from "@/app/api/v1/users/[id]/route";
import * as users from "@/app/api/v1/users/route";
import { getDb, isPostgres } from "@/db/client";
import { createMemory } from "@/db/queries/memory-curation";
import { setMember } from "@/db/queries/members";
import { addShare, removeShare } from "@/db/queries/project-shares";
import { getProjectBySlug } from "@/db/queries/projects";
import { insertSource } from "@/db/queries/sources";
import type { PublicUser } from "@/db/queries/users";
import type { TokenPermission } from "@/lib/auth/access";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { storeRecords } from "@/lib/server/store-records";
import { parseFile } from "@/lib/ingest/parse-file";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { decayAt } from "@/lib/server/memories";

/**
 * Every API route against every kind of caller: anonymous; a viewer, member and owner of project
 * "alpha"; an instance admin; and three tokens — one limited to another project, one that may only read
 * alpha, one that may only upload to it. Each cell is the exact status the route must answer. A project the
 * caller cannot see is 404 in a path; named in a body it is the same 422 "unknown project" as one that does not exist.
 */

const PRINCIPALS = [
  "anonymous",
  "viewer",
  "member",
  "owner",
  "admin",
  "tokenOtherProject",
  "tokenReadOnly",
  "tokenIngestOnly",
] as const;
type Principal = (typeof PRINCIPALS)[number];
type Expected = Record<Principal, number>;

const ORIGIN = "http://localhost:3000";
const PASSWORD = "matrix password 123";

/** Expectations written as one line: anonymous, viewer, member, owner, admin, other-project token, read token, ingest token. */
function row(...codes: number[]): Expected {
  return Object.fromEntries(PRINCIPALS.map((p, i) => [p, codes[i]!])) as Expected;
}

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Case {
  name: string;
  handler: Handler;
  method: string;
  /** Builds the call, creating whatever it consumes (a project to delete, a token to revoke) afresh. */
  call: () =>
    | Promise<{ path: string; params?: Record<string, string>; body?: unknown }>
    | { path: string; params?: Record<string, string>; body?: unknown };
  expected: Expected;
}

const people = {} as Record<"viewer" | "member" | "owner" | "admin" | "both" | "extra", PublicUser>;
const secrets = {} as Record<"tokenOtherProject" | "tokenReadOnly" | "tokenIngestOnly", string>;
let alphaId = 0;
let sessionId = 0;
let counter = 0;
const next = () => ++counter;

async function makeToken(
  owner: PublicUser,
  permissions: TokenPermission[],
  projectIds: number[] | null,
): Promise<{ secret: string; id: number }> {
  const { token, id } = await issueToken(getDb(), {
    userId: owner.id,
    name: `matrix ${next()}`,
    permissions,
    projectIds,
  });
  return { secret: token, id };
}

async function acos(project: string, prefix: string): Promise<void> {
  const body = toJsonl(generateAcosTrajectories({ seed: next(), count: 3, idPrefix: prefix }));
  await storeRecords(getDb(), project, parseFile(body));
}

/** A throwaway project where the viewer, member and owner have the same roles as in alpha. */
async function throwawayProject(): Promise<string> {
  const slug = `tmp-${next()}`;
  await acos(slug, slug);
  const id = (await getProjectBySlug(getDb(), slug))!.id;
  await setMember(getDb(), id, people.viewer.id, "viewer");
  await setMember(getDb(), id, people.member.id, "member");
  await setMember(getDb(), id, people.owner.id, "owner");
  return slug;
}

async function alphaMemory(): Promise<string> {
  return String(
    (
      await createMemory(
        getDb(),
        { content: `matrix memory ${next()}`, category: "insight", tags: [], confidence: 0.5, project: "alpha" },
        decayAt(),
      )
    ).id,
  );
}

async function globalMemory(): Promise<string> {
  return String(
    (
      await createMemory(
        getDb(),
        { content: `matrix global memory ${next()}`, category: "insight", tags: [], confidence: 0.5, project: null },
        decayAt(),
      )
    ).id,
  );
}

beforeAll(async () => {
  for (const name of ["viewer", "member", "owner", "admin", "both", "extra"] as const) {
    people[name] = await createUser(getDb(), {
      email: `${name}@matrix.test`,
      name,
      password: PASSWORD,
      isAdmin: name === "admin",
    });
  }
  await acos("alpha", "alpha");
  await acos("beta", "beta");
  alphaId = (await getProjectBySlug(getDb(), "alpha"))!.id;
  const betaId = (await getProjectBySlug(getDb(), "beta"))!.id;
  await setMember(getDb(), alphaId, people.viewer.id, "viewer");
  await setMember(getDb(), alphaId, people.member.id, "member");
  await setMember(getDb(), alphaId, people.owner.id, "owner");
  await setMember(getDb(), alphaId, people.both.id, "member");
  await setMember(getDb(), betaId, people.both.id, "member");
  secrets.tokenOtherProject = (await makeToken(people.both, ["read", "ingest"], [betaId])).secret;
  secrets.tokenReadOnly = (await makeToken(people.owner, ["read"], [alphaId])).secret;
  secrets.tokenIngestOnly = (await makeToken(people.owner, ["ingest"], [alphaId])).secret;
  const found = await (
    await sessions.GET(
      new Request(`${ORIGIN}/api/v1/projects/alpha/sessions`, { headers: await headersFor("admin") }),
      { params: Promise.resolve({ slug: "alpha" }) },
    )
  ).json();
  sessionId = (found as { items: { id: number }[] }).items[0]!.id;
});

/** A fresh browser sign-in per call (a sign-out must not end the next case's sign-in), or the token. */
async function headersFor(principal: Principal): Promise<Record<string, string>> {
  if (principal === "anonymous") return {};
  if (principal.startsWith("token")) return { authorization: `Bearer ${secrets[principal as keyof typeof secrets]}` };
  return {
    cookie: `starlight_session=${await startSignIn(getDb(), people[principal as keyof typeof people].id)}`,
    "sec-fetch-site": "same-origin",
  };
}

const A = "alpha";
const betaId = async () => (await getProjectBySlug(getDb(), "beta"))!.id;
const CASES: Case[] = [
  {
    name: "GET /health",
    method: "GET",
    handler: health.GET,
    call: () => ({ path: "/health" }),
    expected: row(200, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    name: "GET /session",
    method: "GET",
    handler: signedIn.GET,
    call: () => ({ path: "/session" }),
    expected: row(401, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    name: "DELETE /session",
    method: "DELETE",
    handler: signedIn.DELETE,
    call: () => ({ path: "/session" }),
    expected: row(401, 204, 204, 204, 204, 204, 204, 204),
  },
  {
    name: "GET /projects",
    method: "GET",
    handler: projects.GET,
    call: () => ({ path: "/projects" }),
    expected: row(401, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    name: "POST /projects",
    method: "POST",
    handler: projects.POST,
    call: () => ({ path: "/projects", body: { name: `new-${next()}` } }),
    expected: row(401, 403, 403, 403, 201, 403, 403, 403),
  },
  {
    name: "GET /projects/alpha",
    method: "GET",
    handler: project.GET,
    call: () => ({ path: `/projects/${A}`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "DELETE /projects/<slug>",
    method: "DELETE",
    handler: project.DELETE,
    call: async () => {
      const slug = await throwawayProject();
      return { path: `/projects/${slug}`, params: { slug } };
    },
    expected: row(401, 403, 403, 204, 204, 404, 404, 404),
  },
  {
    name: "GET /projects/alpha/sessions",
    method: "GET",
    handler: sessions.GET,
    call: () => ({ path: `/projects/${A}/sessions`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/rules",
    method: "GET",
    handler: rules.GET,
    call: () => ({ path: `/projects/${A}/rules`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/rules/<unknown>/adr",
    method: "GET",
    handler: adr.GET,
    call: () => ({ path: `/projects/${A}/rules/no-such-rule/adr`, params: { slug: A, key: "no-such-rule" } }),
    expected: row(401, 404, 404, 404, 404, 404, 404, 404),
  },
  {
    name: "GET /projects/alpha/score",
    method: "GET",
    handler: projectScore.GET,
    call: () => ({ path: `/projects/${A}/score`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/guidance",
    method: "GET",
    handler: guidance.GET,
    call: () => ({ path: `/projects/${A}/guidance`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/guidance?session=<id>",
    method: "GET",
    handler: guidance.GET,
    call: () => ({ path: `/projects/${A}/guidance?session=matrix-${next()}`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/experiment",
    method: "GET",
    handler: experiment.GET,
    call: () => ({ path: `/projects/${A}/experiment`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "GET /projects/alpha/experiment/sessions.csv",
    method: "GET",
    handler: experimentCsv.GET,
    call: () => ({ path: `/projects/${A}/experiment/sessions.csv`, params: { slug: A } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "PUT /projects/alpha/experiment",
    method: "PUT",
    handler: experiment.PUT,
    call: () => ({ path: `/projects/${A}/experiment`, params: { slug: A }, body: { holdoutShare: 0.2 } }),
    expected: row(401, 403, 403, 200, 200, 404, 403, 404),
  },
  {
    name: "POST /projects/alpha/experiment/reset",
    method: "POST",
    handler: experimentReset.POST,
    call: () => ({ path: `/projects/${A}/experiment/reset`, params: { slug: A } }),
    expected: row(401, 403, 403, 200, 200, 404, 403, 404),
  },
  {
    name: "GET /projects/alpha/members",
    method: "GET",
    handler: members.GET,
    call: () => ({ path: `/projects/${A}/members`, params: { slug: A } }),
    expected: row(401, 403, 403, 200, 200, 404, 403, 404),
  },
  {
    name: "PUT /projects/alpha/members",
    method: "PUT",
    handler: members.PUT,
    call: () => ({
      path: `/projects/${A}/members`,
      params: { slug: A },
      body: { email: people.extra.email, role: "viewer" },
    }),
    expected: row(401, 403, 403, 200, 200, 404, 403, 404),
  },
  {
    name: "DELETE /projects/alpha/members/<id>",
    method: "DELETE",
    handler: member.DELETE,
    call: async () => {
      await setMember(getDb(), alphaId, people.extra.id, "viewer");
      return {
        path: `/projects/${A}/members/${people.extra.id}`,
        params: { slug: A, userId: String(people.extra.id) },
      };
    },
    expected: row(401, 403, 403, 204, 204, 404, 403, 404),
  },
  {
    name: "GET /projects/alpha/shares",
    method: "GET",
    handler: shares.GET,
    call: () => ({ path: `/projects/${A}/shares`, params: { slug: A } }),
    expected: row(401, 403, 403, 200, 200, 404, 403, 404),
  },
  {
    name: "POST /projects/alpha/shares",
    method: "POST",
    handler: shares.POST,
    call: async () => {
      await removeShare(getDb(), await betaId(), alphaId);
      return { path: `/projects/${A}/shares`, params: { slug: A }, body: { source: "beta" } };
    },
    expected: row(401, 403, 403, 403, 201, 403, 403, 403),
  },
  {
    name: "DELETE /projects/alpha/shares/beta",
    method: "DELETE",
    handler: share.DELETE,
    call: async () => {
      await addShare(getDb(), await betaId(), alphaId, people.admin.id);
      return { path: `/projects/${A}/shares/beta`, params: { slug: A, source: "beta" } };
    },
    expected: row(401, 403, 403, 403, 204, 403, 403, 403),
  },
  {
    name: "GET /sessions/<alpha session>",
    method: "GET",
    handler: session.GET,
    call: () => ({ path: `/sessions/${sessionId}`, params: { id: String(sessionId) } }),
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "PUT /sessions/<alpha session>/outcome",
    method: "PUT",
    handler: outcome.PUT,
    call: () => ({
      path: `/sessions/${sessionId}/outcome`,
      params: { id: String(sessionId) },
      body: { outcome: null },
    }),
    expected: row(401, 403, 200, 200, 200, 404, 403, 404),
  },
  {
    name: "GET /memories",
    method: "GET",
    handler: memories.GET,
    call: () => ({ path: "/memories" }),
    expected: row(401, 200, 200, 200, 200, 200, 200, 403),
  },
  {
    name: "POST /memories (alpha)",
    method: "POST",
    handler: memories.POST,
    call: () => ({ path: "/memories", body: { project: A, category: "insight", content: `posted ${next()}` } }),
    expected: row(401, 403, 201, 201, 201, 422, 403, 422),
  },
  {
    name: "POST /memories (global)",
    method: "POST",
    handler: memories.POST,
    call: () => ({ path: "/memories", body: { project: null, category: "insight", content: `global ${next()}` } }),
    expected: row(401, 403, 403, 403, 201, 403, 403, 403),
  },
  {
    name: "GET /memories/<global memory>",
    method: "GET",
    handler: memory.GET,
    call: async () => {
      const id = await globalMemory();
      return { path: `/memories/${id}`, params: { id } };
    },
    expected: row(401, 200, 200, 200, 200, 200, 200, 404),
  },
  {
    name: "GET /memories/<alpha memory>",
    method: "GET",
    handler: memory.GET,
    call: async () => {
      const id = await alphaMemory();
      return { path: `/memories/${id}`, params: { id } };
    },
    expected: row(401, 200, 200, 200, 200, 404, 200, 404),
  },
  {
    name: "PATCH /memories/<alpha memory>",
    method: "PATCH",
    handler: memory.PATCH,
    call: async () => {
      const id = await alphaMemory();
      return { path: `/memories/${id}`, params: { id }, body: { pinned: true } };
    },
    expected: row(401, 403, 200, 200, 200, 404, 403, 404),
  },
  {
    name: "DELETE /memories/<alpha memory>",
    method: "DELETE",
    handler: memory.DELETE,
    call: async () => {
      const id = await alphaMemory();
      return { path: `/memories/${id}`, params: { id } };
    },
    expected: row(401, 403, 204, 204, 204, 404, 403, 404),
  },
  {
    name: "POST /ingest?project=alpha",
    method: "POST",
    handler: ingest.POST,
    call: () => ({
      path: `/ingest?project=${A}&name=t.jsonl`,
      body: toJsonl(generateAcosTrajectories({ seed: next(), count: 1, idPrefix: `m${counter}` })),
    }),
    expected: row(401, 403, 200, 200, 200, 404, 403, 200),
  },
  {
    name: "POST /ingest?project=<new>",
    method: "POST",
    handler: ingest.POST,
    call: () => ({
      path: `/ingest?project=brand-new-${next()}&name=t.jsonl`,
      body: toJsonl(generateAcosTrajectories({ seed: counter, count: 1, idPrefix: `n${counter}` })),
    }),
    expected: row(401, 404, 404, 404, 200, 404, 404, 404),
  },
  {
    name: "GET /score",
    method: "GET",
    handler: score.GET,
    call: () => ({ path: "/score" }),
    expected: row(401, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    name: "GET /tokens",
    method: "GET",
    handler: tokens.GET,
    call: () => ({ path: "/tokens" }),
    expected: row(401, 200, 200, 200, 200, 403, 403, 403),
  },
  {
    name: "GET /tokens?project=alpha",
    method: "GET",
    handler: tokens.GET,
    call: () => ({ path: `/tokens?project=${A}` }),
    expected: row(401, 403, 403, 200, 200, 403, 403, 403),
  },
  {
    name: "POST /tokens",
    method: "POST",
    handler: tokens.POST,
    call: () => ({ path: "/tokens", body: { name: `t${next()}`, permissions: ["read"], projects: [A] } }),
    expected: row(401, 201, 201, 201, 201, 403, 403, 403),
  },
  {
    name: "DELETE /tokens/<alpha token of the admin>",
    method: "DELETE",
    handler: token.DELETE,
    call: async () => {
      const id = String((await makeToken(people.admin, ["read"], [alphaId])).id);
      return { path: `/tokens/${id}`, params: { id } };
    },
    expected: row(401, 404, 404, 204, 204, 403, 403, 403),
  },
  {
    name: "GET /users",
    method: "GET",
    handler: users.GET,
    call: () => ({ path: "/users" }),
    expected: row(401, 403, 403, 403, 200, 403, 403, 403),
  },
  {
    name: "POST /users",
    method: "POST",
    handler: users.POST,
    call: () => ({ path: "/users", body: { email: `new${next()}@matrix.test`, name: "New", password: PASSWORD } }),
    expected: row(401, 403, 403, 403, 201, 403, 403, 403),
  },
  {
    name: "PATCH /users/<extra>",
    method: "PATCH",
    handler: user.PATCH,
    call: () => ({
      path: `/users/${people.extra.id}`,
      params: { id: String(people.extra.id) },
      body: { name: `Extra ${next()}` },
    }),
    expected: row(401, 403, 403, 403, 200, 403, 403, 403),
  },
  {
    name: "DELETE /users/<someone>",
    method: "DELETE",
    handler: user.DELETE,
    call: async () => {
      const u = await createUser(getDb(), {
        email: `gone${next()}@matrix.test`,
        name: "Gone",
        password: PASSWORD,
        isAdmin: false,
      });
      return { path: `/users/${u.id}`, params: { id: String(u.id) } };
    },
    expected: row(401, 403, 403, 403, 204, 403, 403, 403),
  },
  {
    name: "GET /audit",
    method: "GET",
    handler: auditRoute.GET,
    call: () => ({ path: "/audit" }),
    expected: row(401, 403, 403, 403, 200, 403, 403, 403),
  },
  // Only the admin gets past access; on PostgreSQL the endpoint then answers 409 (back it up with pg_dump).
  {
    name: "GET /backup",
    method: "GET",
    handler: backup.GET,
    call: () => ({ path: "/backup" }),
    expected: row(401, 403, 403, 403, isPostgres(getDb()) ? 409 : 200, 403, 403, 403),
  },
  {
    name: "PUT /account/password",
    method: "PUT",
    handler: password.PUT,
    call: () => ({ path: "/account/password", body: { current: PASSWORD, next: PASSWORD } }),
    expected: row(401, 204, 204, 204, 204, 403, 403, 403),
  },
  {
    name: "GET /sources",
    method: "GET",
    handler: sources.GET,
    call: () => ({ path: "/sources" }),
    expected: row(401, 403, 403, 403, 200, 403, 403, 403),
  },
  {
    name: "POST /sources",
    method: "POST",
    handler: sources.POST,
    call: () => ({
      path: "/sources",
      body: {
        name: `folder ${next()}`,
        path: fs.mkdtempSync(path.join(os.tmpdir(), "matrix-src-")),
        kind: "claude-projects",
      },
    }),
    expected: row(401, 403, 403, 403, 201, 403, 403, 403),
  },
  {
    name: "DELETE /sources/<id>",
    method: "DELETE",
    handler: source.DELETE,
    call: async () => {
      const id = String(
        (
          await insertSource(getDb(), {
            name: `gone ${next()}`,
            kind: "claude-projects",
            path: os.tmpdir(),
            project: null,
          })
        ).id,
      );
      return { path: `/sources/${id}`, params: { id } };
    },
    expected: row(401, 403, 403, 403, 204, 403, 403, 403),
  },
  {
    name: "POST /sync",
    method: "POST",
    handler: sync.POST,
    call: () => ({ path: "/sync" }),
    expected: row(401, 403, 403, 403, 200, 403, 403, 403),
  },
];

describe.each(CASES)("$name", ({ handler, method, call, expected }) => {
  it.each(PRINCIPALS)(`answers %s with ${"$"}expected`, async (principal) => {
    const { path: where, params, body } = await call();
    const headers: Record<string, string> = { ...(await headersFor(principal)) };
    if (body !== undefined)
      headers["content-type"] = typeof body === "string" ? "application/x-ndjson" : "application/json";
    const request = new Request(`${ORIGIN}/api/v1${where}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const response = await handler(request, { params: Promise.resolve(params ?? {}) });
    // Bodies of successes are not read, only released (a backup's holds an open file until then).
    if (response.status < 400) await response.body?.cancel();
    const text = response.status >= 400 ? await response.text() : "";
    expect(response.status, `${principal}: ${text}`).toBe(expected[principal]);
  });
});
