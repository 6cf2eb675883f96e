import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as signIn } from "@/app/api/v1/session/route";
import { POST as setup } from "@/app/api/v1/setup/route";
import { getDb, isPostgres, openDb, openPostgres, type Db } from "@/db/client";
import { listAudit } from "@/db/queries/audit";
import { findUserByEmail, listUsers, userCount } from "@/db/queries/users";
import { checkCredentials, createUser } from "@/lib/server/auth/accounts";
import { announceStart, bootstrapAdmin } from "@/lib/server/auth/bootstrap";
import { setupCode } from "@/lib/server/auth/setup-code";
import { dropDatabase } from "../../scripts/postgres.mjs";
import { freshDatabase } from "./support/postgres";
import { freshSqliteFile } from "./support/sqlite";

const EMAIL = "Ops@Example.com";
const PASSWORD = "bootstrap-password-1";

function withAdminEnv(email: string | undefined, password: string | undefined) {
  if (email === undefined) delete process.env.STARLIGHT_ADMIN_EMAIL;
  else process.env.STARLIGHT_ADMIN_EMAIL = email;
  if (password === undefined) delete process.env.STARLIGHT_ADMIN_PASSWORD;
  else process.env.STARLIGHT_ADMIN_PASSWORD = password;
}

const opened: Db[] = [];
const made: { folders: string[]; databases: string[] } = { folders: [], databases: [] };

/**
 * An empty, migrated database of its own, of the engine under test, so each case starts from nobody; as many
 * connections to it as asked for, each as a web process of its own would hold.
 */
async function freshDbs(connections: number): Promise<Db[]> {
  let open: () => Db;
  if (isPostgres(getDb())) {
    const url = await freshDatabase();
    made.databases.push(url);
    open = () => openPostgres(url);
  } else {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-bootstrap-"));
    made.folders.push(folder);
    const file = freshSqliteFile(path.join(folder, "fresh.db"));
    open = () => openDb(file);
  }
  const dbs = Array.from({ length: connections }, open);
  opened.push(...dbs);
  return dbs;
}

const freshDb = async () => (await freshDbs(1))[0]!;

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  withAdminEnv(undefined, undefined);
  delete process.env.STARLIGHT_SETUP_CODE;
  for (const db of opened.splice(0)) await db.$executor.close();
  for (const url of made.databases.splice(0)) await dropDatabase(url);
  for (const folder of made.folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("bootstrapAdmin (STARLIGHT_ADMIN_EMAIL / STARLIGHT_ADMIN_PASSWORD)", () => {
  it("does nothing when the variables are not set", async () => {
    const db = await freshDb();
    await bootstrapAdmin(db);
    expect(await userCount(db)).toBe(0);
  });

  it("creates that admin when nobody has an account, with a hashed password, and audits it", async () => {
    withAdminEnv(EMAIL, PASSWORD);
    const db = await freshDb();
    await bootstrapAdmin(db);

    expect(await listUsers(db)).toEqual([
      expect.objectContaining({ email: "ops@example.com", name: "Ops", isAdmin: true }),
    ]);
    const stored = (await findUserByEmail(db, EMAIL))!;
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
    expect(await checkCredentials(db, EMAIL, PASSWORD)).toMatchObject({ email: "ops@example.com", isAdmin: true });
    expect(console.log).toHaveBeenCalledWith(
      "[starlight] created the admin account ops@example.com from STARLIGHT_ADMIN_EMAIL",
    );
    expect(await listAudit(db, { limit: 10 })).toEqual([
      expect.objectContaining({
        action: "setup",
        actor: "ops@example.com",
        target: "ops@example.com",
        ip: "server",
        detail: { from: "STARLIGHT_ADMIN_EMAIL" },
      }),
    ]);
  });

  it("never resets an existing admin's password, nor adds a second admin, on a later start", async () => {
    withAdminEnv(EMAIL, PASSWORD);
    const db = await freshDb();
    await bootstrapAdmin(db);

    withAdminEnv(EMAIL, "a-different-password");
    await bootstrapAdmin(db);
    withAdminEnv("someone.else@example.com", "a-different-password");
    await bootstrapAdmin(db);

    expect(await userCount(db)).toBe(1);
    expect(await checkCredentials(db, EMAIL, PASSWORD)).not.toBeNull();
    expect(await checkCredentials(db, EMAIL, "a-different-password")).toBeNull();
    expect(await findUserByEmail(db, "someone.else@example.com")).toBeNull();
  });

  it("creates the admin once when web processes start together", async () => {
    withAdminEnv(EMAIL, PASSWORD);
    const processes = await freshDbs(3);
    await Promise.all(processes.map((db) => bootstrapAdmin(db)));
    expect(await listUsers(processes[0]!)).toEqual([
      expect.objectContaining({ email: "ops@example.com", isAdmin: true }),
    ]);
    expect(await listAudit(processes[0]!, { limit: 10 })).toHaveLength(1);
  });

  it("is ignored once anyone has an account, even one who is not an admin", async () => {
    const db = await freshDb();
    await createUser(db, { email: "first@example.com", name: "First", password: "first-password-1", isAdmin: false });
    withAdminEnv(EMAIL, PASSWORD);
    await bootstrapAdmin(db);
    expect((await listUsers(db)).map((u) => u.email)).toEqual(["first@example.com"]);
  });

  it("refuses to start with only one of the two variables", async () => {
    withAdminEnv(EMAIL, undefined);
    await expect(bootstrapAdmin(await freshDb())).rejects.toThrow(
      /set both STARLIGHT_ADMIN_EMAIL and STARLIGHT_ADMIN_PASSWORD/,
    );
  });

  it("leaves the instance set up: setup answers 409 and the admin signs in with that password", async () => {
    withAdminEnv(EMAIL, PASSWORD);
    await bootstrapAdmin(getDb());
    const headers = { "content-type": "application/json", "x-starlight-peer": "192.0.2.10" };

    const again = await setup(
      new Request("http://localhost/api/v1/setup", {
        method: "POST",
        headers,
        body: JSON.stringify({
          code: await setupCode(getDb()),
          email: "x@example.com",
          name: "X",
          password: "another-password",
        }),
      }),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("already_set_up");

    const signedIn = await signIn(
      new Request("http://localhost/api/v1/session", {
        method: "POST",
        headers,
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      }),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/^starlight_session=[A-Za-z0-9_-]{43};/);
  });
});

describe("announceStart (the setup code, or where Starlight runs)", () => {
  it("prints where to set up and the generated code, which is the one /setup asks for", async () => {
    await announceStart(await freshDb());
    const code = await setupCode(getDb());
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(console.log).toHaveBeenCalledWith(
      `Open http://127.0.0.1:3000/setup and enter the code ${code} to create the admin account.`,
    );
  });

  it("says where Starlight runs, and no code, once an admin exists, as after STARLIGHT_ADMIN_EMAIL created one", async () => {
    withAdminEnv(EMAIL, PASSWORD);
    const db = await freshDb();
    await bootstrapAdmin(db);
    vi.mocked(console.log).mockClear();
    await announceStart(db);
    expect(vi.mocked(console.log).mock.calls).toEqual([["Starlight is running at http://127.0.0.1:3000"]]);
  });

  it("takes STARLIGHT_SETUP_CODE instead when set, and does not print it", async () => {
    process.env.STARLIGHT_SETUP_CODE = "fixed-code-for-ci";
    await announceStart(await freshDb());
    expect(await setupCode(getDb())).toBe("fixed-code-for-ci");
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining("enter the code set in STARLIGHT_SETUP_CODE"));
    expect(vi.mocked(console.log).mock.calls.flat().join("\n")).not.toContain("fixed-code-for-ci");
  });
});
