import { findUserByEmail, listUsers } from "@/lib/server/people";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { createUser } from "@/lib/server/auth/accounts";
import { audit } from "@/lib/server/auth/audit";
import { publicUserSchema } from "@/lib/auth/account-schema";
import { newUserSchema, userListSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  { doc: "Everyone with an account (instance admins).", auth: "admin", response: userListSchema },
  async () => ({ items: await listUsers(getDb()) }),
);

export const POST = route(
  {
    doc: "Adds a person with a first password (instance admins).",
    auth: "admin",
    body: {
      schema: newUserSchema,
      example: '{"email": "someone@example.com", "name": "Someone", "password": "…", "isAdmin": false}',
    },
    response: publicUserSchema,
    status: 201,
  },
  async ({ body, caller }) => {
    const input = await body();
    if (await findUserByEmail(getDb(), input.email)) {
      throw new ApiError(409, "email_taken", `${input.email} already has an account.`, [
        { field: "email", message: "already has an account" },
      ]);
    }
    const user = await createUser(getDb(), input);
    await audit(getDb(), caller, "user.create", user.email, { isAdmin: user.isAdmin });
    return user;
  },
);
