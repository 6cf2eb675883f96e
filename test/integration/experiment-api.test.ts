import { beforeAll, describe, expect, it } from "vitest";
import * as experiment from "@/app/api/v1/projects/[slug]/experiment/route";
import * as reset from "@/app/api/v1/projects/[slug]/experiment/reset/route";
import { getDb } from "@/db/client";
import { listAudit } from "@/db/queries/audit";
import { openPeriod } from "@/db/queries/experiments";
import { storeRecords } from "@/lib/server/store-records";
import { setMember } from "@/db/queries/members";
import { getProjectBySlug } from "@/db/queries/projects";
import type { ProjectRole } from "@/db/schema";
import type { ExperimentReport, ExperimentSettings } from "@/lib/experiment/contract";
import { generateSessions } from "@/test/factories/generate/sessions";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { apiRequest, browserRequest, seedAdmin } from "./support/auth";

const SLUG = "lab";
const URL_BASE = `http://test/api/v1/projects/${SLUG}/experiment`;
const context = { params: Promise.resolve({ slug: SLUG }) };

const cookies = {} as Record<ProjectRole, string>;
let viewerToken = "";

/** A request from a person with this role in the project, signed in on Starlight's own pages. */
function as(role: ProjectRole, init: RequestInit = {}, url = URL_BASE): Request {
  const headers = new Headers(init.headers);
  headers.set("cookie", `${SIGN_IN_COOKIE}=${cookies[role]}`);
  headers.set("sec-fetch-site", "same-origin");
  return new Request(url, { ...init, headers });
}

const put = (holdoutShare: unknown) => ({ method: "PUT", body: JSON.stringify({ holdoutShare }) });

beforeAll(async () => {
  await seedAdmin();
  await storeRecords(getDb(), SLUG, {
    sessions: generateSessions({ seed: 3, count: 40, start: Date.UTC(2025, 0, 1) }),
    patterns: [],
  });
  const projectId = (await getProjectBySlug(getDb(), SLUG))!.id;
  for (const role of ["viewer", "member", "owner"] as const) {
    const user = await createUser(getDb(), {
      email: `${role}@lab.test`,
      name: role,
      password: "experiment password 1",
      isAdmin: false,
    });
    await setMember(getDb(), projectId, user.id, role);
    cookies[role] = await startSignIn(getDb(), user.id);
    if (role === "viewer")
      viewerToken = (
        await issueToken(getDb(), {
          userId: user.id,
          name: "viewer token",
          permissions: ["read"],
          projectIds: [projectId],
        })
      ).token;
  }
});

describe("GET /projects/<slug>/experiment", () => {
  it("answers the report; a project without a period is holdout off since it was created, and reading it creates none", async () => {
    const response = await experiment.GET(as("viewer"), context);
    expect(response.status).toBe(200);
    const report = (await response.json()) as ExperimentReport;
    expect(report.settings).toEqual({ holdoutShare: 0, startedAt: (await getProjectBySlug(getDb(), SLUG))!.createdAt });
    expect(report.counts).toMatchObject({ enrolled: 0, awaiting: 0, notEnrolled: 0 });
    expect(report.success).toBeNull();
    expect(await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id)).toBeNull();

    const token = await experiment.GET(
      new Request(URL_BASE, { headers: { authorization: `Bearer ${viewerToken}` } }),
      context,
    );
    expect(token.status).toBe(200);
    expect(
      (
        await experiment.GET(await apiRequest(URL_BASE.replace(SLUG, "nope")), {
          params: Promise.resolve({ slug: "nope" }),
        })
      ).status,
    ).toBe(404);
  });
});

describe("PUT /projects/<slug>/experiment", () => {
  it("refuses shares other than 0 or 0.05–0.5 with 422 naming the field", async () => {
    for (const share of [0.04, 0.51, 1, -0.1, "0.2", null]) {
      const response = await experiment.PUT(await browserRequest(URL_BASE, put(share)), context);
      expect(response.status, String(share)).toBe(422);
      const body = (await response.json()) as { error: { details: { field: string }[] } };
      expect(
        body.error.details.map((d) => d.field),
        String(share),
      ).toEqual(["holdoutShare"]);
    }
    expect(
      (await experiment.PUT(await browserRequest(URL_BASE, { method: "PUT", body: "share=0.2" }), context)).status,
    ).toBe(422);
    expect(await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id)).toBeNull();
  });

  it("sets the share (the bounds included), starting a new period when it changes, and audits each change", async () => {
    const first = await experiment.PUT(as("owner", put(0.05)), context);
    expect(first.status).toBe(200);
    const settings = (await first.json()) as ExperimentSettings;
    expect(settings.holdoutShare).toBe(0.05);
    expect(settings.startedAt).toBe(
      (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!.startedAt,
    );

    const same = (await (await experiment.PUT(as("owner", put(0.05)), context)).json()) as ExperimentSettings;
    expect(same).toEqual(settings);
    const wide = (await (
      await experiment.PUT(await browserRequest(URL_BASE, put(0.5)), context)
    ).json()) as ExperimentSettings;
    expect(wide.holdoutShare).toBe(0.5);
    const off = (await (
      await experiment.PUT(await browserRequest(URL_BASE, put(0)), context)
    ).json()) as ExperimentSettings;
    expect(off.holdoutShare).toBe(0);

    const updates = await listAudit(getDb(), { limit: 10, action: "experiment.update" });
    expect(updates.map((e) => [e.actor, e.target, e.detail])).toEqual([
      ["admin@starlight.test", SLUG, { holdoutShare: 0, previous: 0.5 }],
      ["admin@starlight.test", SLUG, { holdoutShare: 0.5, previous: 0.05 }],
      ["owner@lab.test", SLUG, { holdoutShare: 0.05, previous: 0 }],
    ]);
  });

  it("is for owners and admins signed in: a viewer or member gets 403, and so does a token", async () => {
    for (const role of ["viewer", "member"] as const) {
      expect((await experiment.PUT(as(role, put(0.2)), context)).status, role).toBe(403);
      expect((await reset.POST(as(role, { method: "POST" }, `${URL_BASE}/reset`), context)).status, role).toBe(403);
    }
    for (const token of [viewerToken, null]) {
      const request = token
        ? new Request(URL_BASE, { ...put(0.2), headers: { authorization: `Bearer ${token}` } })
        : await apiRequest(URL_BASE, put(0.2));
      expect((await experiment.PUT(request, context)).status).toBe(403);
      const resetRequest = token
        ? new Request(`${URL_BASE}/reset`, { method: "POST", headers: { authorization: `Bearer ${token}` } })
        : await apiRequest(`${URL_BASE}/reset`, { method: "POST" });
      expect((await reset.POST(resetRequest, context)).status).toBe(403);
    }
    expect((await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!.holdoutShare).toBe(0);
  });
});

describe("POST /projects/<slug>/experiment/reset", () => {
  it("starts a new period with the same share and a fresh salt, and audits it", async () => {
    await experiment.PUT(await browserRequest(URL_BASE, put(0.25)), context);
    const before = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!;
    const response = await reset.POST(as("owner", { method: "POST" }, `${URL_BASE}/reset`), context);
    expect(response.status).toBe(200);
    const after = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!;
    expect(after.id).not.toBe(before.id);
    expect(after.salt).not.toBe(before.salt);
    expect(await response.json()).toEqual({ holdoutShare: 0.25, startedAt: after.startedAt });
    expect((await listAudit(getDb(), { limit: 1, action: "experiment.reset" }))[0]).toMatchObject({
      actor: "owner@lab.test",
      target: SLUG,
      detail: { holdoutShare: 0.25 },
    });
  });
});
