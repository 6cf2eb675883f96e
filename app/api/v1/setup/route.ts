import { z } from "zod";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { isHttps } from "@/lib/http/same-origin";
import { newAccountSchema, signedInSchema } from "@/lib/auth/account-schema";
import { getDb } from "@/db/client";
import { clearSetupCodes, setupCodeAccepted } from "@/lib/server/auth/setup-code";
import { adminExists } from "@/lib/server/people";
import { createFirstAdmin, startSignIn } from "@/lib/server/auth/accounts";
import { audit } from "@/lib/server/auth/audit";
import { signInCookie } from "@/lib/server/auth/sign-in-cookie";

const setupSchema = newAccountSchema.extend({
  code: z.string({ error: "enter the setup code printed where Starlight was started" }).max(100),
});

export const POST = route(
  {
    doc:
      "First run: with the one-time code the server printed at start, creates the admin account and signs the browser " +
      "in. Rate-limited per address like sign-in; answers 409 once an admin exists.",
    auth: "setup",
    limit: "login",
    body: {
      schema: setupSchema,
      example: '{"code": "XXXX-XXXX-XXXX", "email": "you@example.com", "name": "You", "password": "…"}',
    },
    response: signedInSchema,
    status: 201,
  },
  async ({ request, body, caller }) => {
    const { code, ...input } = await body();
    if (!(await setupCodeAccepted(getDb(), code))) {
      throw new ApiError(
        403,
        "wrong_setup_code",
        "That is not the setup code: it is printed in the terminal where Starlight was started.",
        [{ field: "code", message: "this is not the code printed in the terminal where Starlight was started" }],
      );
    }
    // Two setups sent at once (to one process or two) create one admin: the second finds it there.
    const user = await createFirstAdmin(getDb(), input, adminExists);
    if (!user) throw new ApiError(409, "already_set_up", "This Starlight already has an admin; sign in instead.");
    await clearSetupCodes(getDb());
    await audit(getDb(), { user, ip: caller.ip }, "setup", user.email);
    const cookie = signInCookie(await startSignIn(getDb(), user.id), isHttps(request.url, request.headers));
    return Response.json({ user }, { status: 201, headers: { "Set-Cookie": cookie } });
  },
);
