import { findUserByEmail, listUsers } from "@/db/queries/users";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { route } from "@/lib/http/route";
import { createUser } from "@/lib/server/auth/accounts";
import { audit } from "@/lib/server/auth/audit";
import { newUserSchema } from "./schema";

/** Everyone with an account (instance admins). */
export const GET = route({ auth: "admin" }, () => ({ items: listUsers() }));

/** Adds a person with a first password (instance admins). */
export const POST = route({ auth: "admin" }, async ({ request, caller }) => {
  const input = await readJson(request, newUserSchema, '{"email": "someone@example.com", "name": "Someone", "password": "…", "isAdmin": false}');
  if (findUserByEmail(input.email)) {
    throw new ApiError(409, "email_taken", `${input.email} already has an account.`, [{ field: "email", message: "already has an account" }]);
  }
  const user = await createUser(input);
  audit(caller, "user.create", user.email, { isAdmin: user.isAdmin });
  return Response.json(user, { status: 201 });
});
