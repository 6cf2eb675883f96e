import { z } from "zod";
import { checkCredentials, deleteUserSignIns, startSignIn } from "@/lib/server/auth/accounts";
import { updateUser } from "@/lib/server/people";
import { passwordSchema } from "@/lib/auth/account-schema";
import { hashPassword, PASSWORD_MAX_LENGTH } from "@/lib/auth/password";
import { ApiError } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { isHttps } from "@/lib/http/same-origin";
import { audit } from "@/lib/server/auth/audit";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { signInCookie } from "@/lib/server/auth/sign-in-cookie";
import { getDb } from "@/db/client";

const schema = z.object({ current: z.string().max(PASSWORD_MAX_LENGTH), next: passwordSchema });

export const PUT = route(
  {
    doc:
      "Changes your own password, given the current one. Every other browser signed in as you is signed out; this " +
      "one gets a fresh sign-in. Rate-limited like sign-in, so it cannot be used to guess the current password.",
    limit: "login",
    body: { schema: schema, example: '{"current": "…", "next": "…"}' },
    response: NO_CONTENT,
  },
  async ({ request, body, caller }) => {
    requireSignIn(caller);
    const { current, next } = await body();
    if (!(await checkCredentials(getDb(), caller.user.email, current))) {
      throw new ApiError(422, "wrong_password", "That is not your current password.", [
        { field: "current", message: "this is not your current password" },
      ]);
    }
    await updateUser(getDb(), caller.user.id, { passwordHash: await hashPassword(next) });
    await deleteUserSignIns(getDb(), caller.user.id);
    await audit(getDb(), caller, "user.password_change", caller.user.email);
    const cookie = signInCookie(await startSignIn(getDb(), caller.user.id), isHttps(request.url, request.headers));
    return new Response(null, { status: 204, headers: { "Set-Cookie": cookie } });
  },
);
