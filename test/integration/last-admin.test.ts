import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteUser, PATCH as patchUser } from "@/app/api/v1/users/[id]/route";
import { adminCount, type PublicUser } from "@/db/queries/users";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { browserRequest, seedAdmin } from "./support/auth";
import { getDb } from "@/db/client";

// Starlight always keeps an admin: demoting or deleting the last one answers 409, also when requests at once (to
// one web process or several sharing the database) each remove one of the last admins.

const url = (id: number) => `http://localhost:3000/api/v1/users/${id}`;
const context = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });

let me: PublicUser;

beforeAll(async () => {
  me = (await seedAdmin()).user;
});

describe("the last admin", () => {
  it("cannot be demoted", async () => {
    const request = await browserRequest(url(me.id), {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ isAdmin: false }),
    });
    const response = await patchUser(request, context(me.id));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("last_admin");
    expect(await adminCount(getDb())).toBe(1);
  });

  it("stays when admins delete one another all at once, in a ring", async () => {
    const admins = [me];
    for (let i = 0; i < 5; i++)
      admins.push(
        await createUser(getDb(), {
          email: `admin-${i}@starlight.test`,
          name: `Admin ${i}`,
          password: "another-admin-password",
          isAdmin: true,
        }),
      );
    const signIns = await Promise.all(admins.map((admin) => startSignIn(getDb(), admin.id)));
    const answers = await Promise.all(
      admins.map((_, i) => {
        const target = admins[(i + 1) % admins.length]!;
        const headers = { cookie: `${SIGN_IN_COOKIE}=${signIns[i]}`, "sec-fetch-site": "same-origin" };
        return deleteUser(new Request(url(target.id), { method: "DELETE", headers }), context(target.id));
      }),
    );
    const statuses = answers.map((r) => r.status);
    // A deletion goes through (204) or finds the last admin (409); one whose caller was deleted first is refused (401).
    expect(
      statuses.every((s) => s === 204 || s === 409 || s === 401),
      statuses.join(", "),
    ).toBe(true);
    const left = await adminCount(getDb());
    expect(left, statuses.join(", ")).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 204)).toHaveLength(admins.length - left);
  });
});
