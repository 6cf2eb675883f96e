import { checkCredentials, deleteSignIn, startSignIn } from "@/lib/server/auth/accounts";
import { callerSchema, signedInSchema, signInSchema } from "@/lib/auth/account-schema";
import { readableProjects } from "@/lib/auth/access";
import { ApiError } from "@/lib/api-error";
import { limiterFor } from "@/lib/http/limits";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { isHttps } from "@/lib/http/same-origin";
import { audit } from "@/lib/server/auth/audit";
import { clearedSignInCookie, signInCookie } from "@/lib/server/auth/sign-in-cookie";
import { getDb } from "@/db/client";

/** The API still calls a sign-in a "session" (`kind`), as it did before the word changed, so clients keep working. */
const callerKind = { "sign-in": "session", token: "token" } as const;

export const GET = route(
  {
    doc: 'Who is calling: the person, whether signed in (`kind: "session"`) or by token, and their roles.',
    response: callerSchema,
  },
  ({ caller }) => ({
    kind: callerKind[caller.kind],
    user: caller.user,
    token: caller.token ?? null,
    admin: caller.access.admin,
    roles: Object.fromEntries(caller.access.roles),
    readable: readableProjects(caller.access),
  }),
);

/** "5 min" or "40 s": how long to wait, for a person to read. */
const wait = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`);

export const POST = route(
  {
    doc:
      "Signs in with `{ email, password }`; sets the sign-in cookie. Rate-limited per client address, and failures " +
      "per account (whoever sends them, from however many addresses): once an account had too many, even its right " +
      "password waits, so guessing it from many addresses gains nothing.",
    auth: "anonymous",
    limit: "login",
    body: { schema: signInSchema, example: '{"email": "you@example.com", "password": "…"}' },
    response: signedInSchema,
  },
  async ({ request, body, caller }) => {
    const { email, password } = await body();
    const account = `email:${email.trim().toLowerCase()}`;
    // Counted before the password is checked, so concurrent guesses cannot all slip past; a success is refunded.
    const failures = limiterFor("account");
    const taken = await failures.take(account);
    if (!taken.ok) {
      const seconds = taken.retryAfterSeconds;
      throw new ApiError(
        429,
        "account_locked",
        `Too many failed sign-ins for this account; try again in ${wait(seconds)}.`,
        undefined,
        seconds,
      );
    }
    const user = await checkCredentials(getDb(), email, password);
    if (!user) {
      await audit(getDb(), caller, "sign_in.failed", email.slice(0, 254));
      throw new ApiError(401, "invalid_credentials", "That email and password do not match an account.");
    }
    await failures.refund(account);
    await audit(getDb(), { user, ip: caller.ip }, "sign_in", user.email);
    const cookie = signInCookie(await startSignIn(getDb(), user.id), isHttps(request.url, request.headers));
    return Response.json({ user }, { headers: { "Set-Cookie": cookie } });
  },
);

export const DELETE = route({ doc: "Signs this browser out.", response: NO_CONTENT }, async ({ request, caller }) => {
  if (caller.signInId) await deleteSignIn(getDb(), caller.signInId);
  await audit(getDb(), caller, "sign_out", caller.user.email);
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": clearedSignInCookie(isHttps(request.url, request.headers)) },
  });
});
