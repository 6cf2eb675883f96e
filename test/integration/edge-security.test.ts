import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as health } from "@/app/api/v1/health/route";
import { POST as createProject } from "@/app/api/v1/projects/route";
import { GET as whoAmI } from "@/app/api/v1/session/route";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { guidanceDeliveries } from "@/db/schema";
import { generateSessions } from "@/test/factories/generate/sessions";
import { proxy } from "@/proxy";
import { apiRequest, browserRequest, seedAdmin } from "./support/auth";

const SLUG = "edge";
const HSTS = "max-age=31536000; includeSubDomains";
const withSlug = (slug: string) => ({ params: Promise.resolve({ slug }) });
/** A request carrying the admin's browser cookie, sent by a page of another site (or a link on one). */
async function fromAnotherSite(url: string, init: RequestInit = {}): Promise<Request> {
  const request = await browserRequest(url, init);
  const headers = new Headers(request.headers);
  headers.set("sec-fetch-site", "cross-site");
  return new Request(request, { headers });
}

const deliveries = async (sessionId: string) =>
  getDb().select().from(guidanceDeliveries).where(eq(guidanceDeliveries.sessionId, sessionId)).all();

beforeAll(async () => {
  await seedAdmin();
  await storeRecords(getDb(), SLUG, { sessions: generateSessions({ seed: 14, count: 60 }), patterns: [] });
});

afterEach(() => {
  delete process.env.STARLIGHT_TRUST_PROXY;
});

describe("token calls and the Origin header", () => {
  it("accepts a change made with a token whatever Origin it carries: a token is no ambient credential", async () => {
    const response = await createProject(
      await apiRequest("http://localhost:3000/api/v1/projects", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: JSON.stringify({ name: "from-a-token" }),
      }),
    );
    expect(response.status).toBe(201);
  });

  it("still refuses a sign-in cookie's change from another site", async () => {
    const response = await createProject(
      await fromAnotherSite("http://localhost:3000/api/v1/projects", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "cross-site-project" }),
      }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site");
  });
});

describe("guidance deliveries and other sites", () => {
  const url = (session: string) => `http://localhost:3000/api/v1/projects/${SLUG}/guidance?session=${session}`;

  it("records no delivery for a cross-site top-level GET carrying the browser's cookie, and says why", async () => {
    const response = await getGuidance(
      await fromAnotherSite(url("planted-1"), { headers: { "sec-fetch-mode": "navigate" } }),
      withSlug(SLUG),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site");
    expect(await deliveries("planted-1")).toEqual([]);
  });

  it("records the delivery from Starlight's own pages and from a token, from wherever the token is sent", async () => {
    const own = await getGuidance(await browserRequest(url("own-1")), withSlug(SLUG));
    expect(own.status).toBe(200);
    const token = await getGuidance(
      await apiRequest(url("hook-1"), { headers: { "sec-fetch-site": "cross-site" } }),
      withSlug(SLUG),
    );
    expect(token.status).toBe(200);
    expect([(await deliveries("own-1")).length, (await deliveries("hook-1")).length]).toEqual([1, 1]);
  });

  it("serves guidance without session= to a cross-site GET as before (reading records nothing)", async () => {
    const response = await getGuidance(
      await fromAnotherSite(`http://localhost:3000/api/v1/projects/${SLUG}/guidance`),
      withSlug(SLUG),
    );
    expect(response.status).toBe(200);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on API answers (errors too) that came over HTTPS, and never over plain HTTP", async () => {
    expect(
      (await health(new Request("https://starlight.example/api/v1/health"))).headers.get("strict-transport-security"),
    ).toBe(HSTS);
    expect(
      (await whoAmI(new Request("https://starlight.example/api/v1/session"))).headers.get("strict-transport-security"),
    ).toBe(HSTS);
    expect(
      (await health(new Request("http://localhost:3000/api/v1/health"))).headers.get("strict-transport-security"),
    ).toBeNull();
  });

  it("believes X-Forwarded-Proto: https only from a trusted proxy", async () => {
    const forwarded = () =>
      new Request("http://127.0.0.1:3000/api/v1/health", { headers: { "x-forwarded-proto": "https" } });
    expect((await health(forwarded())).headers.get("strict-transport-security")).toBeNull();
    process.env.STARLIGHT_TRUST_PROXY = "1";
    expect((await health(forwarded())).headers.get("strict-transport-security")).toBe(HSTS);
  });

  it("is sent on pages that came over HTTPS, and not over plain HTTP", () => {
    expect(proxy(new NextRequest("https://starlight.example/projects")).headers.get("strict-transport-security")).toBe(
      HSTS,
    );
    expect(
      proxy(new NextRequest("http://localhost:3000/projects")).headers.get("strict-transport-security"),
    ).toBeNull();
    const forwarded = new NextRequest("http://127.0.0.1:3000/projects", { headers: { "x-forwarded-proto": "https" } });
    expect(proxy(forwarded).headers.get("strict-transport-security")).toBeNull();
  });
});
