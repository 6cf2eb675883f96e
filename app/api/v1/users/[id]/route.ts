import { z } from "zod";
import { getDb, lockKey, transaction, type Db } from "@/db/client";
import { deleteUserSessions } from "@/db/queries/auth-sessions";
import { revokeUserTokens } from "@/db/queries/user-tokens";
import { adminCount, deleteUser, getUser, updateUser } from "@/db/queries/users";
import { hashPassword } from "@/lib/auth/password";
import { ApiError, notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { changedUserSchema, userPatchSchema } from "../schema";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const lastAdmin = () => new ApiError(409, "last_admin", "Starlight needs at least one admin; make someone else admin first.");

/**
 * Inside a transaction: refuses when `user` is the last admin, or when the admin asking was deleted meanwhile. The
 * admins are counted under a lock that every removal of an admin takes, so requests at once (to one process or
 * several) cannot each remove one of the last two.
 */
async function keepAnAdmin(db: Db, user: { isAdmin: boolean }, callerId: number): Promise<void> {
  await lockKey(db, "admins");
  if (!(await getUser(callerId, db))) throw new ApiError(401, "unauthenticated", "Your account was deleted while this request waited.");
  if (user.isAdmin && (await adminCount(db)) <= 1) throw lastAdmin();
}

export const PATCH = route({
  doc:
    "Renames a person, resets their password or changes whether they administer. A reset signs them out everywhere " +
    "and, unless `revokeTokens: false`, revokes their API tokens: a reset usually means the account was compromised " +
    "or its password forgotten, and a token taken with it would otherwise go on working. It answers the person, " +
    "with `revokedTokens` after a reset.",
  auth: "admin",
  params,
  body: { schema: userPatchSchema, example: '{"password": "a new password", "revokeTokens": true}' },
  response: changedUserSchema,
}, async ({ params, body, caller }) => {
  const user = await getUser(params.id);
  if (!user) throw notFound(`user ${params.id}`);
  const patch = await body();
  const passwordHash = patch.password === undefined ? undefined : await hashPassword(patch.password);
  // Everything below commits together or not at all.
  const db = getDb();
  return transaction(db, async () => {
    if (patch.isAdmin === false) await keepAnAdmin(db, user, caller.user.id);
    const updated = await updateUser(user.id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.isAdmin === undefined ? {} : { isAdmin: patch.isAdmin }),
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (!updated) throw notFound(`user ${params.id}`);
    if (patch.isAdmin !== undefined && patch.isAdmin !== user.isAdmin) await audit(caller, "user.role", user.email, { isAdmin: patch.isAdmin });
    if (patch.name !== undefined && patch.name !== user.name) await audit(caller, "user.update", user.email, { name: patch.name });
    if (passwordHash === undefined) return updated;
    await deleteUserSessions(user.id);
    const revokedTokens = patch.revokeTokens === false ? 0 : await revokeUserTokens(user.id, Date.now());
    await audit(caller, "user.password_reset", user.email, { revokedTokens });
    return { ...updated, revokedTokens };
  });
});

export const DELETE = route({
  doc: "Deletes a person's account with their sessions, tokens and memberships; not yourself, never the last admin.",
  auth: "admin",
  params,
  response: NO_CONTENT,
}, async ({ params, caller }) => {
  const user = await getUser(params.id);
  if (!user) throw notFound(`user ${params.id}`);
  if (user.id === caller.user.id) throw new ApiError(409, "cannot_delete_self", "You cannot delete your own account; another admin can.");
  const db = getDb();
  await transaction(db, async () => {
    await keepAnAdmin(db, user, caller.user.id);
    await deleteUser(user.id, db);
    await audit(caller, "user.delete", user.email, undefined, db);
  });
  return new Response(null, { status: 204 });
});
