import { z } from "zod";
import { deleteUserSessions } from "@/db/queries/auth-sessions";
import { adminCount, deleteUser, getUser, updateUser } from "@/db/queries/users";
import { hashPassword } from "@/lib/auth/password";
import { ApiError, notFound } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { userPatchSchema } from "../schema";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const lastAdmin = () => new ApiError(409, "last_admin", "Starlight needs at least one admin; make someone else admin first.");

/** Renames a person, resets their password (signing them out everywhere) or changes whether they administer. */
export const PATCH = route({ auth: "admin", params }, async ({ params, request, caller }) => {
  const user = getUser(params.id);
  if (!user) throw notFound(`user ${params.id}`);
  const patch = await readJson(request, userPatchSchema, '{"password": "a new password"}');
  if (patch.isAdmin === false && user.isAdmin && adminCount() <= 1) throw lastAdmin();
  const updated = updateUser(user.id, {
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.isAdmin === undefined ? {} : { isAdmin: patch.isAdmin }),
    ...(patch.password === undefined ? {} : { passwordHash: await hashPassword(patch.password) }),
  });
  if (!updated) throw notFound(`user ${params.id}`);
  if (patch.password !== undefined) {
    deleteUserSessions(user.id);
    audit(caller, "user.password_reset", user.email);
  }
  if (patch.isAdmin !== undefined && patch.isAdmin !== user.isAdmin) audit(caller, "user.role", user.email, { isAdmin: patch.isAdmin });
  if (patch.name !== undefined && patch.name !== user.name) audit(caller, "user.update", user.email, { name: patch.name });
  return updated;
});

/** Deletes a person's account with their sessions, tokens and memberships; not yourself, never the last admin. */
export const DELETE = route({ auth: "admin", params }, ({ params, caller }) => {
  const user = getUser(params.id);
  if (!user) throw notFound(`user ${params.id}`);
  if (user.id === caller.user.id) throw new ApiError(409, "cannot_delete_self", "You cannot delete your own account; another admin can.");
  if (user.isAdmin && adminCount() <= 1) throw lastAdmin();
  deleteUser(user.id);
  audit(caller, "user.delete", user.email);
  return new Response(null, { status: 204 });
});
