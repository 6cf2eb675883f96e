import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { PATCH as patchProject } from "@/app/api/v1/projects/[slug]/route";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as getReview, POST as postReview } from "@/app/api/v1/projects/[slug]/guidance/review/route";
import { getDb } from "@/db/client";
import { listAudit } from "@/db/queries/audit";
import { ensureProject } from "@/db/queries/session-writes";
import { setMember } from "@/db/queries/members";
import { sessions } from "@/db/schema";
import { eq } from "drizzle-orm";
import type { PublicUser } from "@/db/queries/users";
import { pendingCount, type PendingView, type ReviewListing } from "@/lib/server/guidance-review";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { transcript } from "@/test/factories/transcript";
import { startAppServer, type AppServer } from "./support/app-server";
import { seedAdmin } from "./support/auth";

const SLUG = "trusted";
const BASE = `http://localhost/api/v1/projects/${SLUG}`;
const params = { params: Promise.resolve({ slug: SLUG }) };

let dev: PublicUser;
let devToken: { id: number; token: string; prefix: string };
let ownerCookie: string;
let devCookie: string;

const asOwner = (url: string, init: RequestInit = {}) =>
  new Request(url, {
    ...init,
    headers: {
      ...init.headers,
      cookie: `${SIGN_IN_COOKIE}=${ownerCookie}`,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    },
  });

/** A developer's plugin uploading sessions with its ingest token: each session runs `command` twice. */
async function upload(sessions: string[], command: string, token = devToken.token, slug = SLUG): Promise<void> {
  const form = new FormData();
  for (const [i, id] of sessions.entries()) {
    form.append(
      "files",
      new Blob([transcript(id, ["Bash", "Bash"], { command, start: Date.UTC(2026, 10, 20, 10 + i) })]),
      `app/${id}.jsonl`,
    );
  }
  const request = new Request(`http://localhost/api/v1/ingest?project=${slug}`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await ingest(request);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The SessionStart hook's answer, as the owner in a browser, or as a plugin with `token`. */
async function hookText(slug = SLUG, token?: string): Promise<string> {
  const url = `http://localhost/api/v1/projects/${slug}/guidance?format=hook-json`;
  const request = token ? new Request(url, { headers: { authorization: `Bearer ${token}` } }) : asOwner(url);
  const response = await getGuidance(request, { params: Promise.resolve({ slug }) });
  expect(response.status).toBe(200);
  return response.text();
}

async function review(): Promise<ReviewListing> {
  const response = await getReview(asOwner(`${BASE}/guidance/review`), params);
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewListing;
}

async function decide(
  cookie: string,
  decisions: { key: string; hash: string; verdict: "accept" | "reject" }[],
): Promise<Response> {
  const request = new Request(`${BASE}/guidance/review`, {
    method: "POST",
    body: JSON.stringify({ decisions }),
    headers: {
      cookie: `${SIGN_IN_COOKIE}=${cookie}`,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    },
  });
  return postReview(request, params);
}

const commandItem = (listing: ReviewListing, kind: PendingView["kind"]) =>
  listing.pending.find((c) => c.key === "knowledge:command:test:npm test" && c.kind === kind);

describe("guidance review: what an ingest token uploads reaches agents only once an owner accepts it", () => {
  beforeAll(async () => {
    await seedAdmin();
    const projectId = await ensureProject(getDb(), SLUG);
    const owner = await createUser(getDb(), {
      email: "owner@trust.test",
      name: "Owner",
      password: "owner-password-long",
      isAdmin: false,
    });
    dev = await createUser(getDb(), {
      email: "dev@trust.test",
      name: "Dev",
      password: "dev-password-long",
      isAdmin: false,
    });
    await setMember(getDb(), projectId, owner.id, "owner");
    await setMember(getDb(), projectId, dev.id, "member");
    devToken = await issueToken(getDb(), {
      userId: dev.id,
      name: "plugin",
      permissions: ["read", "ingest"],
      projectIds: [projectId],
    });
    ownerCookie = await startSignIn(getDb(), owner.id);
    devCookie = await startSignIn(getDb(), dev.id);
  }, 60_000);

  it("is on by default in a project of two members, and keeps a new knowledge item out of the hook until accepted", async () => {
    await upload(["s1", "s2"], "npm test");
    const listing = await review();
    expect(listing.mode).toMatchObject({ on: true, setting: null, byDefault: true, members: 2 });
    expect(await hookText()).toBe("{}");
    const added = commandItem(listing, "added");
    expect(added, JSON.stringify(listing.pending.map((c) => c.key))).toBeDefined();
    expect(added!.kind === "added" && added!.text).toContain("`npm test`");
  });

  it("records who uploaded each session, and shows it as the item's provenance", async () => {
    const rows = await getDb()
      .select({
        userId: sessions.uploadedByUserId,
        tokenId: sessions.uploadedByTokenId,
        label: sessions.uploadedBy,
      })
      .from(sessions)
      .where(eq(sessions.externalId, "s1"))
      .all();
    expect(rows).toEqual([
      { userId: dev.id, tokenId: devToken.id, label: `dev@trust.test (token ${devToken.prefix}…)` },
    ]);
    const added = commandItem(await review(), "added")!;
    expect(added.provenance).toEqual({
      basis: "cited",
      uploaders: [{ label: `dev@trust.test (token ${devToken.prefix}…)`, sessions: 2 }],
    });
  });

  it("lets only an owner decide, and serves the item once accepted, with an audit entry", async () => {
    const added = commandItem(await review(), "added")!;
    expect((await decide(devCookie, [{ key: added.key, hash: added.hash, verdict: "accept" }])).status).toBe(403);
    expect(await hookText()).toBe("{}");
    const response = await decide(ownerCookie, [{ key: added.key, hash: added.hash, verdict: "accept" }]);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ accepted: 1, rejected: 0 });
    const hook = JSON.parse(await hookText()) as { hookSpecificOutput: { additionalContext: string } };
    expect(hook.hookSpecificOutput.additionalContext).toContain("Tests: `npm test`");
    expect(commandItem(await review(), "added")).toBeUndefined();
    const entries = await listAudit(getDb(), { limit: 10, action: "guidance" });
    expect(entries[0]).toMatchObject({
      action: "guidance.accept",
      actor: "owner@trust.test",
      target: SLUG,
      detail: { key: added.key, change: "added" },
    });
  });

  it("shows a changed item old against new, keeps serving the accepted text, and keeps a rejected change out", async () => {
    await upload(["s3", "s4", "s5"], "npm test -- --ci");
    const listing = await review();
    const changed = commandItem(listing, "changed");
    expect(changed, JSON.stringify(listing.pending)).toBeDefined();
    if (changed?.kind !== "changed") throw new Error("no change");
    expect(changed.oldText).toContain("Tests: `npm test` —");
    expect(changed.text).toContain("`npm test -- --ci`");
    expect(changed.acceptedBy).toBe("owner@trust.test");
    expect(await hookText()).toContain("Tests: `npm test` —");
    expect(await hookText()).not.toContain("--ci");

    const stale = await decide(ownerCookie, [{ key: changed.key, hash: "not-the-version-shown", verdict: "accept" }]);
    expect(stale.status).toBe(409);

    expect((await decide(ownerCookie, [{ key: changed.key, hash: changed.hash, verdict: "reject" }])).status).toBe(200);
    expect(commandItem(await review(), "changed")).toBeUndefined();
    expect(await hookText()).not.toContain("--ci");
    expect(await hookText()).toContain("Tests: `npm test` —");
    expect((await listAudit(getDb(), { limit: 1, action: "guidance" }))[0]).toMatchObject({
      action: "guidance.reject",
      detail: { key: changed.key, change: "changed" },
    });
  });

  it("answers the MCP tools get_guidance and get_project_knowledge with the accepted items only", async () => {
    const app: AppServer = await startAppServer();
    const client = new Client({ name: "review-test", version: "1.0.0" });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${app.url}/api/v1/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${devToken.token}` } },
        }),
      );
      const call = async (name: string) => {
        const result = (await client.callTool({ name, arguments: { project: SLUG } })) as CallToolResult;
        expect(result.isError).not.toBe(true);
        return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      };
      for (const tool of ["get_guidance", "get_project_knowledge"]) {
        const text = await call(tool);
        expect(text, tool).toContain("npm test");
        expect(text, tool).not.toContain("--ci");
        expect(text, tool).not.toContain("Fix the failing build");
      }
    } finally {
      await client.close();
      await app.close();
    }
  });

  it("serves everything when an owner turns review off, and only accepted items again when back on", async () => {
    const off = await patchProject(
      asOwner(BASE, { method: "PATCH", body: JSON.stringify({ reviewGuidance: false }) }),
      params,
    );
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await hookText()).toContain("--ci");
    // Nothing waits for an owner while review is off: the Review tab shows no count.
    expect(await pendingCount(getDb(), SLUG)).toBe(0);
    const bad = await patchProject(
      asOwner(BASE, { method: "PATCH", body: JSON.stringify({ reviewGuidance: "yes" }) }),
      params,
    );
    expect(bad.status).toBe(422);
    const on = await patchProject(
      asOwner(BASE, { method: "PATCH", body: JSON.stringify({ reviewGuidance: true }) }),
      params,
    );
    expect(((await on.json()) as { reviewGuidance: { on: boolean; setting: boolean } }).reviewGuidance).toMatchObject({
      on: true,
      setting: true,
    });
    expect(await hookText()).not.toContain("--ci");
    expect(await pendingCount(getDb(), SLUG)).toBeGreaterThan(0);
    expect((await listAudit(getDb(), { limit: 1, action: "project" }))[0]).toMatchObject({
      action: "project.review_guidance",
      detail: { reviewGuidance: true, previous: false },
    });
  });

  it("turns on by default in a one-owner project once a second token uploads: a token is a credential of its own", async () => {
    const solo = "solo";
    const projectId = await ensureProject(getDb(), solo);
    await setMember(getDb(), projectId, dev.id, "owner");
    const first = await issueToken(getDb(), {
      userId: dev.id,
      name: "laptop",
      permissions: ["read", "ingest"],
      projectIds: [projectId],
    });
    const second = await issueToken(getDb(), {
      userId: dev.id,
      name: "desktop",
      permissions: ["read", "ingest"],
      projectIds: [projectId],
    });
    await upload(["o1", "o2"], "npm test", first.token, solo);
    expect(await hookText(solo, first.token)).toContain("npm test");
    await upload(["o3"], "npm test", second.token, solo);
    expect(await hookText(solo, first.token)).toBe("{}");
  });
});
