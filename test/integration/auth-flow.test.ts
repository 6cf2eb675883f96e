import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProjects } from "@/app/api/v1/projects/route";
import { DELETE as signOut, GET as whoAmI, POST as signIn } from "@/app/api/v1/session/route";
import { DELETE as revoke } from "@/app/api/v1/tokens/[id]/route";
import { GET as listUsers } from "@/app/api/v1/users/route";
import { listAudit } from "@/db/queries/audit";
import { getToken } from "@/db/queries/tokens";
import type { PublicUser } from "@/db/queries/users";
import { newApiToken, tokenDisplayPrefix } from "@/lib/auth/secrets";
import { readConfig } from "@/lib/config";
import { startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_TTL_MS } from "@/lib/server/auth/sign-in-cookie";
import { ADMIN, adminToken, seedAdmin } from "./support/auth";
import { getDb } from "@/db/client";

const ORIGIN = "http://localhost:3000";
let admin: PublicUser;

beforeAll(async () => {
  admin = (await seedAdmin()).user;
});

/** Each test signs in from its own address, so the per-address sign-in limit of one never touches another. */
let lastIp = 0;
const freshIp = () => `203.0.113.${++lastIp}`;

function attempt(email: string, password: string, ip: string) {
  return signIn(
    new Request(`${ORIGIN}/api/v1/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-starlight-peer": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}

const withCookie = (secret: string, headers: Record<string, string> = {}) => ({
  cookie: `starlight_session=${secret}`,
  ...headers,
});
const me = (headers: Record<string, string>) => whoAmI(new Request(`${ORIGIN}/api/v1/session`, { headers }));
const signOutWith = (headers: Record<string, string>) =>
  signOut(new Request(`${ORIGIN}/api/v1/session`, { method: "DELETE", headers }));

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

async function newToken(permissions: ("read" | "ingest")[]) {
  const { id, token } = await issueToken(getDb(), {
    userId: admin.id,
    name: "flow test",
    permissions,
    projectIds: null,
  });
  return { id, secret: token };
}

describe("signing in", () => {
  it("refuses a wrong password or an unknown email alike with 401, and audits it as sign_in.failed", async () => {
    const ip = freshIp();
    const wrong = await attempt(ADMIN.email, "not-the-password", ip);
    expect(wrong.status).toBe(401);
    const wrongBody = (await wrong.json()) as { error: { code: string; message: string } };
    expect(wrongBody.error.code).toBe("invalid_credentials");
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const unknown = await attempt("nobody@starlight.test", "not-the-password", ip);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()) as unknown).toEqual(wrongBody);

    const failed = await listAudit(getDb(), { limit: 10, action: "sign_in.failed" });
    expect(failed.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: "sign_in.failed",
        target: "nobody@starlight.test",
        actor: "anonymous",
        userId: null,
        ip,
      }),
      expect.objectContaining({ action: "sign_in.failed", target: ADMIN.email, actor: "anonymous", userId: null, ip }),
    ]);
  });

  it("signs in with the right password (any letter case in the email), sets the cookie and audits it", async () => {
    const ip = freshIp();
    const response = await attempt(ADMIN.email.toUpperCase(), ADMIN.password, ip);
    expect(response.status).toBe(200);
    const secret = /^starlight_session=([^;]+);/.exec(response.headers.get("set-cookie") ?? "")![1]!;
    expect(await (await me(withCookie(secret))).json()).toMatchObject({
      kind: "session",
      user: { id: admin.id },
      token: null,
    });
    expect((await listAudit(getDb(), { limit: 1, action: "sign_in" }))[0]).toMatchObject({
      action: "sign_in",
      userId: admin.id,
      ip,
    });
  });

  it("limits attempts per address: then 429 with Retry-After, even for the right password, while other addresses go on", async () => {
    const limit = readConfig().loginAttemptsPer10Min;
    const ip = freshIp();
    // Other accounts each time, so the limit per account (failed sign-ins) stays out of it.
    for (let i = 0; i < limit; i++)
      expect((await attempt(`guess-${i}@starlight.test`, "not-the-password", ip)).status).toBe(401);

    const limited = await attempt(ADMIN.email, ADMIN.password, ip);
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe("rate_limited");
    // One attempt comes back every 600 / limit seconds, less the time the attempts above took.
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(600 / limit));
    expect(retryAfter).toBeGreaterThan(Math.ceil(600 / limit) - 15);
    expect(limited.headers.get("set-cookie")).toBeNull();

    expect((await attempt(ADMIN.email, ADMIN.password, freshIp())).status).toBe(200);
  });
});

describe("cookie-authenticated changes must come from Starlight's own pages", () => {
  it("refuses a sign-out with no Origin or Sec-Fetch-Site, or from another site, with 403 cross_site", async () => {
    const secret = await startSignIn(getDb(), admin.id);
    const refused: Record<string, string>[] = [
      {},
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example", host: "localhost:3000" },
      { origin: "null", host: "localhost:3000" },
    ];
    for (const headers of refused) {
      const response = await signOutWith(withCookie(secret, headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await errorCode(response)).toBe("cross_site");
    }
    expect((await me(withCookie(secret))).status).toBe(200);
  });

  it("accepts it when Origin matches Host, or Sec-Fetch-Site says same-origin; the session then ends", async () => {
    const accepted: Record<string, string>[] = [
      { origin: ORIGIN, host: "localhost:3000" },
      { "sec-fetch-site": "same-origin" },
    ];
    for (const headers of accepted) {
      const secret = await startSignIn(getDb(), admin.id);
      const response = await signOutWith(withCookie(secret, headers));
      expect(response.status, JSON.stringify(headers)).toBe(204);
      expect(response.headers.get("set-cookie")).toMatch(/^starlight_session=; .*Max-Age=0/);
      expect((await me(withCookie(secret))).status).toBe(401);
    }
  });

  it("asks nothing of reads, nor of changes made with a token (curl and hooks send no Origin)", async () => {
    const secret = await startSignIn(getDb(), admin.id);
    expect((await me(withCookie(secret, { "sec-fetch-site": "cross-site" }))).status).toBe(200);
    expect((await signOutWith({ authorization: `Bearer ${await adminToken()}` })).status).toBe(204);
  });
});

describe("API tokens", () => {
  it("acts as its owner, and records when it was last used", async () => {
    const { id, secret } = await newToken(["read"]);
    expect((await getToken(getDb(), id))!.lastUsedAt).toBeNull();
    const response = await me({ authorization: `Bearer ${secret}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      kind: "token",
      user: { id: admin.id },
      token: { id, prefix: tokenDisplayPrefix(secret) },
    });
    expect((await getToken(getDb(), id))!.lastUsedAt).toBeGreaterThan(0);
  });

  it("answers 401 for a revoked token", async () => {
    const { id, secret } = await newToken(["read", "ingest"]);
    const headers = { authorization: `Bearer ${secret}` };
    expect((await listProjects(new Request(`${ORIGIN}/api/v1/projects`, { headers }))).status).toBe(200);

    const revoked = await revoke(
      new Request(`${ORIGIN}/api/v1/tokens/${id}`, {
        method: "DELETE",
        headers: withCookie(await startSignIn(getDb(), admin.id), { "sec-fetch-site": "same-origin" }),
      }),
      {
        params: Promise.resolve({ id: String(id) }),
      },
    );
    expect(revoked.status).toBe(204);
    const refused = await listProjects(new Request(`${ORIGIN}/api/v1/projects`, { headers }));
    expect(refused.status).toBe(401);
    expect(await errorCode(refused)).toBe("unauthenticated");
  });

  it("answers 401 for an unknown or malformed token, and a bad token is not rescued by a good cookie", async () => {
    const cookie = withCookie(await startSignIn(getDb(), admin.id));
    for (const authorization of [`Bearer ${newApiToken()}`, "Bearer", "Bearer sl_", "Basic YWRtaW46cGFzc3dvcmQ="]) {
      expect((await me({ authorization })).status, authorization).toBe(401);
    }
    expect((await me({ ...cookie, authorization: `Bearer ${newApiToken()}` })).status).toBe(401);
  });

  it("never administers the instance, even an admin's: admin routes answer 403 to it and 200 to the admin signed in", async () => {
    const asToken = await listUsers(
      new Request(`${ORIGIN}/api/v1/users`, { headers: { authorization: `Bearer ${await adminToken()}` } }),
    );
    expect(asToken.status).toBe(403);
    expect(await errorCode(asToken)).toBe("forbidden");
    expect(
      (
        await listUsers(
          new Request(`${ORIGIN}/api/v1/users`, { headers: withCookie(await startSignIn(getDb(), admin.id)) }),
        )
      ).status,
    ).toBe(200);
  });
});

describe("browser sign-ins", () => {
  it("answer 401 once expired, and 200 just before", async () => {
    const now = Date.now();
    expect((await me(withCookie(await startSignIn(getDb(), admin.id, now - SIGN_IN_TTL_MS - 1)))).status).toBe(401);
    expect((await me(withCookie(await startSignIn(getDb(), admin.id, now - SIGN_IN_TTL_MS + 60_000)))).status).toBe(
      200,
    );
  });

  it("answer 401 for a cookie that was never issued", async () => {
    const response = await me(withCookie("made-up-session-secret"));
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("unauthenticated");
  });
});
