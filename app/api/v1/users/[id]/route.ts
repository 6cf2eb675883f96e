import { z } from "zod";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { changeUser, removeUser } from "@/lib/server/auth/user-changes";
import { changedUserSchema, userPatchSchema } from "../schema";
import { getDb } from "@/db/client";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const PATCH = route(
  {
    doc:
      "Renames a person, resets their password or changes whether they administer. A reset signs them out everywhere " +
      "and, unless `revokeTokens: false`, revokes their API tokens: a reset usually means the account was compromised " +
      "or its password forgotten, and a token taken with it would otherwise go on working. It answers the person, " +
      "with `revokedTokens` after a reset.",
    auth: "admin",
    params,
    body: { schema: userPatchSchema, example: '{"password": "a new password", "revokeTokens": true}' },
    response: changedUserSchema,
  },
  async ({ params, body, caller }) => changeUser(getDb(), caller, params.id, body),
);

export const DELETE = route(
  {
    doc: "Deletes a person's account with their sign-ins, tokens and memberships; not yourself, never the last admin.",
    auth: "admin",
    params,
    response: NO_CONTENT,
  },
  async ({ params, caller }) => {
    await removeUser(getDb(), caller, params.id);
    return new Response(null, { status: 204 });
  },
);
