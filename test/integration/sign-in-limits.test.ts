import { beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/v1/session/route";
import { listAudit } from "@/db/queries/audit";
import { createUser } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { readConfig } from "@/lib/config";
import { ADMIN, seedAdmin } from "./support/auth";
import { getDb } from "@/db/client";

const VICTIM = { email: "victim@starlight.test", name: "Victim", password: "victim-password-1" };

beforeAll(async () => {
  await seedAdmin();
  await createUser(getDb(), { ...VICTIM, isAdmin: false });
});

/** A sign-in as scripts/server.mjs hands it on: `peer` is the connection's address, the rest is what the client sent. */
function attempt(email: string, password: string, peer: string, headers: Record<string, string> = {}) {
  return signIn(
    new Request("http://127.0.0.1:3000/api/v1/session", {
      method: "POST",
      headers: { "content-type": "application/json", "x-starlight-peer": peer, ...headers },
      body: JSON.stringify({ email, password }),
    }),
  );
}

let lastPeer = 0;
const freshPeer = () => `198.51.100.${++lastPeer}`;

describe("the sign-in limit per address", () => {
  it("holds against 30 wrong passwords sent with 30 made-up X-Forwarded-For addresses, and audits the real address", async () => {
    const peer = freshPeer();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      // A different account each time, so only the per-address limit can refuse them.
      const response = await attempt(`guess-${i}@starlight.test`, "wrong-password", peer, {
        "x-forwarded-for": `203.0.113.${i + 1}`,
        "x-real-ip": `203.0.113.${i + 1}`,
      });
      statuses.push(response.status);
    }
    const limit = readConfig().loginAttemptsPer10Min;
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual(Array(30 - limit).fill(429));
    const failed = (await listAudit(getDb(), { limit: 50, action: "sign_in.failed" })).filter((e) =>
      e.target?.startsWith("guess-"),
    );
    expect(new Set(failed.map((e) => e.ip))).toEqual(new Set([peer]));
  });

  it("counts per address even when each attempt carries a different valid API token", async () => {
    const peer = freshPeer();
    const admin = await seedAdmin();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const { token } = await issueToken(getDb(), {
        userId: admin.user.id,
        name: `spray ${i}`,
        permissions: ["read"],
        projectIds: null,
      });
      statuses.push(
        (await attempt(`spray-${i}@starlight.test`, "wrong-password", peer, { authorization: `Bearer ${token}` }))
          .status,
      );
    }
    const limit = readConfig().loginAttemptsPer10Min;
    expect(statuses.slice(limit)).toEqual(Array(15 - limit).fill(429));
  });
});

describe("the sign-in limit per account", () => {
  it("answers 429 with Retry-After once an account had too many failures, from any address, even for the right password", async () => {
    const limit = readConfig().loginFailuresPerAccount;
    for (let i = 0; i < limit; i++) expect((await attempt(VICTIM.email, `wrong-${i}`, freshPeer())).status).toBe(401);

    const blocked = await attempt(VICTIM.email.toUpperCase(), VICTIM.password, freshPeer());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await blocked.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("account_locked");
    expect(body.error.message).toMatch(/too many failed sign-ins for this account; try again in \d+ (s|min)/i);
  });

  it("counts concurrent guesses too: of 30 sent at once from 30 addresses, only the limit's worth are tried", async () => {
    const limit = readConfig().loginFailuresPerAccount;
    const email = "parallel@starlight.test";
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `guess-${i}`, freshPeer())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
  });

  it("does not block anyone else: another account signs in from a fresh address", async () => {
    const response = await attempt(ADMIN.email, ADMIN.password, freshPeer());
    expect(response.status).toBe(200);
  });

  it("counts only failures: many good sign-ins never lock an account", async () => {
    const limit = readConfig().loginFailuresPerAccount;
    for (let i = 0; i <= limit; i++) expect((await attempt(ADMIN.email, ADMIN.password, freshPeer())).status).toBe(200);
  });
});
