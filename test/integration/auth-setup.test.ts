import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/v1/health/route";
import { GET as listProjects } from "@/app/api/v1/projects/route";
import { GET as whoAmI, POST as signIn } from "@/app/api/v1/session/route";
import { POST as setup } from "@/app/api/v1/setup/route";
import { listAudit } from "@/db/queries/audit";
import { adminExists } from "@/db/queries/users";
import { setupCode } from "@/lib/server/auth/setup-code";
import { getDb } from "@/db/client";

const ADMIN = { email: "First.Admin@Example.com", name: "First Admin", password: "first-admin-password" };

/** A setup from the page, with the code this process printed at start unless `body` says otherwise. */
async function setupRequest(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/api/v1/setup", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "sec-fetch-site": "same-origin",
      "x-starlight-peer": "192.0.2.1",
      ...headers,
    },
    body: JSON.stringify({ code: await setupCode(getDb()), ...body }),
  });
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("before the first admin exists", () => {
  it("answers 503 setup_required on every route but health and setup, whatever credentials are sent", async () => {
    const requests = [
      () => listProjects(new Request("http://localhost:3000/api/v1/projects")),
      () =>
        listProjects(
          new Request("http://localhost:3000/api/v1/projects", { headers: { authorization: "Bearer sl_anything" } }),
        ),
      () =>
        whoAmI(
          new Request("http://localhost:3000/api/v1/session", { headers: { cookie: "starlight_session=anything" } }),
        ),
      () =>
        signIn(
          new Request("http://localhost:3000/api/v1/session", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
          }),
        ),
    ];
    for (const send of requests) {
      const response = await send();
      expect(response.status).toBe(503);
      expect(await errorCode(response)).toBe("setup_required");
    }
    expect((await health(new Request("http://localhost:3000/api/v1/health"))).status).toBe(200);
  });

  it("refuses an invalid account with 422 and a setup from another site with 403, creating nobody", async () => {
    const short = await setup(await setupRequest({ ...ADMIN, password: "short" }));
    expect(short.status).toBe(422);
    const badEmail = await setup(await setupRequest({ ...ADMIN, email: "not-an-email" }));
    expect(badEmail.status).toBe(422);
    const crossSite = await setup(await setupRequest(ADMIN, { "sec-fetch-site": "cross-site" }));
    expect(crossSite.status).toBe(403);
    expect(await errorCode(crossSite)).toBe("cross_site");
    expect(await adminExists(getDb())).toBe(false);
  });

  it("refuses a setup without the one-time code, or with a wrong one, creating nobody", async () => {
    const missing = await setup(
      new Request("http://localhost:3000/api/v1/setup", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "sec-fetch-site": "same-origin",
          "x-starlight-peer": "192.0.2.3",
        },
        body: JSON.stringify(ADMIN),
      }),
    );
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { error: { details: { field: string }[] } }).error.details).toEqual([
      expect.objectContaining({ field: "code" }),
    ]);

    const wrong = await setup(
      await setupRequest({ ...ADMIN, code: "AAAA-BBBB-CCCC" }, { "x-starlight-peer": "192.0.2.3" }),
    );
    expect(wrong.status).toBe(403);
    const body = (await wrong.json()) as { error: { code: string; message: string; details: { field: string }[] } };
    expect(body.error).toMatchObject({
      code: "wrong_setup_code",
      details: [expect.objectContaining({ field: "code" })],
    });
    expect(body.error.message).toMatch(/printed in the terminal/);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await adminExists(getDb())).toBe(false);
  });

  it("rate-limits wrong codes per address like sign-in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await setup(
            await setupRequest(
              { ...ADMIN, code: `WRONG-CODE-${i}` },
              { "x-starlight-peer": "192.0.2.4", "x-forwarded-for": `203.0.113.${i}` },
            ),
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(await adminExists(getDb())).toBe(false);
  });

  it("asks for STARLIGHT_SETUP_CODE instead of the generated code when it is set", async () => {
    const generated = await setupCode(getDb());
    process.env.STARLIGHT_SETUP_CODE = "fixed-code-for-ci";
    try {
      const refused = await setup(
        await setupRequest({ ...ADMIN, code: generated }, { "x-starlight-peer": "192.0.2.5" }),
      );
      expect(refused.status).toBe(403);
      expect(await adminExists(getDb())).toBe(false);
    } finally {
      delete process.env.STARLIGHT_SETUP_CODE;
    }
  });

  it("makes a code of three groups of four, the same for every request of this process", async () => {
    expect(await setupCode(getDb())).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await setupCode(getDb())).toBe(await setupCode(getDb()));
  });
});

describe("POST /api/v1/setup", () => {
  let cookie = "";

  it("creates the admin (201), signs the browser in with an httpOnly SameSite cookie, and audits it", async () => {
    const response = await setup(await setupRequest({ ...ADMIN, code: (await setupCode(getDb())).toLowerCase() }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      user: { email: "first.admin@example.com", name: "First Admin", isAdmin: true },
    });
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(
      /^starlight_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    cookie = setCookie.split(";")[0]!;
    expect(await listAudit(getDb(), { limit: 5, action: "setup" })).toEqual([
      expect.objectContaining({
        action: "setup",
        actor: "first.admin@example.com",
        target: "first.admin@example.com",
        ip: "192.0.2.1",
      }),
    ]);
  });

  it("answers 409 once an admin exists", async () => {
    const again = await setup(
      await setupRequest({ email: "second@example.com", name: "Second", password: "second-admin-password" }),
    );
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("already_set_up");
  });

  it("leaves the new admin signed in, and the other routes answering", async () => {
    const me = await whoAmI(new Request("http://localhost:3000/api/v1/session", { headers: { cookie } }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      kind: "session",
      user: { email: "first.admin@example.com" },
      admin: true,
      readable: "all",
    });
    expect(
      (await listProjects(new Request("http://localhost:3000/api/v1/projects", { headers: { cookie } }))).status,
    ).toBe(200);
    const anonymous = await listProjects(new Request("http://localhost:3000/api/v1/projects"));
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe("unauthenticated");
  });

  const signInForwarded = () =>
    signIn(
      new Request("http://127.0.0.1:3000/api/v1/session", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-proto": "https", "x-starlight-peer": "192.0.2.2" },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      }),
    );

  it("sets a Secure cookie when reached over HTTPS through a trusted proxy (STARLIGHT_TRUST_PROXY)", async () => {
    process.env.STARLIGHT_TRUST_PROXY = "1";
    try {
      const response = await signInForwarded();
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    } finally {
      delete process.env.STARLIGHT_TRUST_PROXY;
    }
  });

  it("does not believe X-Forwarded-Proto from a client when no proxy is trusted", async () => {
    const response = await signInForwarded();
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).not.toMatch(/Secure/);
  });
});
