import type { PublicUser } from "@/db/queries/users";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { getDb } from "@/db/client";

export const ADMIN = { email: "admin@starlight.test", name: "Test Admin", password: "integration-admin-password" };

interface SeededAdmin {
  user: PublicUser;
  /** An API token for every project, with read and ingest. */
  token: string;
  /** A browser's sign-in cookie value. */
  signIn: string;
}

let seeded: Promise<SeededAdmin> | undefined;

async function seed(): Promise<SeededAdmin> {
  const user = await createUser(getDb(), { ...ADMIN, isAdmin: true });
  const { token } = await issueToken(getDb(), {
    userId: user.id,
    name: "integration tests",
    permissions: ["read", "ingest"],
    projectIds: null,
  });
  return { user, token, signIn: await startSignIn(getDb(), user.id) };
}

/** The instance admin with a token and a sign-in, made once per test file (each file has its own database). */
export function seedAdmin(): Promise<SeededAdmin> {
  seeded ??= seed();
  return seeded;
}

/** The admin's all-projects read + ingest API token, as the CLI and hooks send it. */
export async function adminToken(): Promise<string> {
  return (await seedAdmin()).token;
}

function withHeaders(url: string | URL, init: RequestInit, extra: Record<string, string>): Request {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Request(url, { ...init, headers });
}

/** A request to a route handler carrying `Authorization: Bearer <admin token>`. */
export async function apiRequest(url: string | URL, init: RequestInit = {}): Promise<Request> {
  return withHeaders(url, init, { authorization: `Bearer ${await adminToken()}` });
}

/**
 * A request from the admin signed in on Starlight's own pages (sign-in cookie, same-origin), for what a
 * token may never do: curate sessions and memories, manage projects, administer the instance.
 */
export async function browserRequest(url: string | URL, init: RequestInit = {}): Promise<Request> {
  const { signIn } = await seedAdmin();
  return withHeaders(url, init, { cookie: `${SIGN_IN_COOKIE}=${signIn}`, "sec-fetch-site": "same-origin" });
}
