import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/v1/session/route";
import { PATCH as patchUser } from "@/app/api/v1/users/[id]/route";
import { getDb } from "@/db/client";
import { listAudit } from "@/db/queries/audit";
import type { PublicUser } from "@/db/queries/users";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { resolveCaller } from "@/lib/server/auth/caller";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_TTL_MS } from "@/lib/server/auth/sign-in-cookie";

const SIGN_IN_MAX_AGE_MS = 90 * 86_400_000;
import { browserRequest, seedAdmin } from "./support/auth";

/**
 * What a password reset does to a person's API tokens, and how long a browser's sign-in lives: expired sign-ins are
 * deleted, and no sign-in outlives its absolute lifetime however often it is used.
 */

const DAY = 86_400_000;
let person: PublicUser;

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
const cookie = (secret: string) => new Headers({ cookie: `starlight_session=${secret}` });
const signInCount = async () =>
  (await getDb().get<{ n: number }>(sql`select count(*) as n from sign_ins where user_id = ${person.id}`)).n;

function reset(body: Record<string, unknown>) {
  return patchUser(
    new Request(`http://localhost:3000/api/v1/users/${person.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(person.id) }) },
  );
}

async function resetAsAdmin(body: Record<string, unknown>) {
  const request = await browserRequest(`http://localhost:3000/api/v1/users/${person.id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return patchUser(request, { params: Promise.resolve({ id: String(person.id) }) });
}

beforeAll(async () => {
  await seedAdmin();
  person = await createUser(getDb(), {
    email: "reset-me@starlight.test",
    name: "Reset Me",
    password: "first-password-1",
    isAdmin: false,
  });
});

describe("an admin's password reset", () => {
  it("revokes the person's API tokens by default, signs them out and audits both", async () => {
    const tokens: string[] = [];
    for (const i of [1, 2])
      tokens.push(
        (await issueToken(getDb(), { userId: person.id, name: `t${i}`, permissions: ["read"], projectIds: null }))
          .token,
      );
    const secret = await startSignIn(getDb(), person.id);
    expect((await resolveCaller(getDb(), bearer(tokens[0]!))).kind).toBe("token");

    const response = await resetAsAdmin({ password: "second-password-2" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { revokedTokens: number }).revokedTokens).toBe(2);
    for (const token of tokens) expect((await resolveCaller(getDb(), bearer(token))).kind).toBe("anonymous");
    expect((await resolveCaller(getDb(), cookie(secret))).kind).toBe("anonymous");
    const [entry] = await listAudit(getDb(), { limit: 1, action: "user.password_reset" });
    expect(entry?.target).toBe(person.email);
    expect(entry?.detail).toEqual({ revokedTokens: 2 });
  });

  it("keeps them with revokeTokens: false, and says so in the audit log", async () => {
    const { token } = await issueToken(getDb(), {
      userId: person.id,
      name: "kept",
      permissions: ["read"],
      projectIds: null,
    });
    const response = await resetAsAdmin({ password: "third-password-3", revokeTokens: false });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { revokedTokens: number }).revokedTokens).toBe(0);
    expect((await resolveCaller(getDb(), bearer(token))).kind).toBe("token");
    expect((await listAudit(getDb(), { limit: 1, action: "user.password_reset" }))[0]?.detail).toEqual({
      revokedTokens: 0,
    });
  });

  it("refuses revokeTokens without a new password", async () => {
    const response = await resetAsAdmin({ revokeTokens: true });
    expect(response.status).toBe(422);
  });

  it("is for admins signed in only", async () => {
    expect((await reset({ password: "fourth-password-4" })).status).toBe(401);
  });
});

describe("browser sign-ins", () => {
  it("deletes expired sign-ins when someone signs in", async () => {
    const old = await startSignIn(getDb(), person.id, Date.now() - 40 * DAY);
    expect(await signInCount()).toBeGreaterThan(0);
    const response = await signIn(
      new Request("http://localhost:3000/api/v1/session", {
        method: "POST",
        headers: { "content-type": "application/json", "x-starlight-peer": "198.51.100.7" },
        body: JSON.stringify({ email: person.email, password: "third-password-3" }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await resolveCaller(getDb(), cookie(old))).kind).toBe("anonymous");
    expect(
      (await getDb().get<{ n: number }>(sql`select count(*) as n from sign_ins where expires_at <= ${Date.now()}`)).n,
    ).toBe(0);
  });

  it("deletes expired sign-ins now and then while sign-ins are looked up", async () => {
    const start = Date.now() + 400 * DAY;
    const stale = await startSignIn(getDb(), person.id, start);
    const live = await startSignIn(getDb(), person.id, start + 20 * DAY);
    const before = await signInCount();
    // Days later, the live sign-in's lookup sweeps the one that expired meanwhile.
    expect((await resolveCaller(getDb(), cookie(live), start + 35 * DAY + 2 * 3_600_000)).kind).toBe("sign-in");
    expect(await signInCount()).toBe(before - 1);
    expect((await resolveCaller(getDb(), cookie(stale), start + 35 * DAY + 2 * 3_600_000)).kind).toBe("anonymous");
  });

  it("ends a sign-in at its absolute lifetime, however often it is used", async () => {
    const start = Date.now() + 800 * DAY;
    const secret = await startSignIn(getDb(), person.id, start);
    let now = start;
    while (now + 20 * DAY < start + SIGN_IN_MAX_AGE_MS) {
      now += 20 * DAY;
      expect((await resolveCaller(getDb(), cookie(secret), now)).kind).toBe("sign-in");
    }
    expect(now + SIGN_IN_TTL_MS).toBeGreaterThan(start + SIGN_IN_MAX_AGE_MS);
    expect((await resolveCaller(getDb(), cookie(secret), start + SIGN_IN_MAX_AGE_MS + 1)).kind).toBe("anonymous");
  });
});
