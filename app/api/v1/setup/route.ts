import { route } from "@/lib/http/route";
import { readJson } from "@/lib/http/json-body";
import { isHttps } from "@/lib/http/same-origin";
import { newAccountSchema } from "@/lib/auth/account-schema";
import { createUser, startSession } from "@/lib/server/auth/accounts";
import { audit } from "@/lib/server/auth/audit";
import { sessionCookie } from "@/lib/server/auth/session-cookie";

/** First run: creates the admin account and signs the browser in. Answers 409 once an admin exists. */
export const POST = route({ auth: "setup", limit: "login" }, async ({ request, caller }) => {
  const input = await readJson(request, newAccountSchema, '{"email": "you@example.com", "name": "You", "password": "…"}');
  const user = await createUser({ ...input, isAdmin: true });
  audit({ user, ip: caller.ip }, "setup", user.email);
  const cookie = sessionCookie(startSession(user.id), isHttps(request.url, request.headers));
  return Response.json({ user }, { status: 201, headers: { "Set-Cookie": cookie } });
});
