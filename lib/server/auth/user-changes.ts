import "server-only";
import { lockKey, transaction, type Db } from "@/db/client";
import { deleteUserSignIns } from "@/db/queries/sign-ins";
import { revokeUserTokens } from "@/db/queries/user-tokens";
import { adminCount, deleteUser, getUser, updateUser, type PublicUser } from "@/db/queries/users";
import { ApiError, notFound } from "@/lib/api-error";
import { hashPassword } from "@/lib/auth/password";
import { audit } from "./audit";
import type { SignedIn } from "./caller";

/** What an admin may change of a person (the route's body). */
export interface UserPatch {
  name?: string;
  password?: string;
  revokeTokens?: boolean;
  isAdmin?: boolean;
}

const lastAdmin = () =>
  new ApiError(409, "last_admin", "Starlight needs at least one admin; make someone else admin first.");

/**
 * Inside a transaction: refuses when `user` is the last admin, or when the admin asking was deleted meanwhile. The
 * admins are counted under a lock that every removal of an admin takes, so requests at once (to one process or
 * several) cannot each remove one of the last two.
 */
async function keepAnAdmin(db: Db, user: { isAdmin: boolean }, callerId: number): Promise<void> {
  await lockKey(db, "admins");
  if (!(await getUser(db, callerId)))
    throw new ApiError(401, "unauthenticated", "Your account was deleted while this request waited.");
  if (user.isAdmin && (await adminCount(db)) <= 1) throw lastAdmin();
}

/**
 * Renames a person, resets their password or changes whether they administer, never removing the last admin. A
 * reset signs them out everywhere and, unless `revokeTokens: false`, revokes their API tokens. Each change is audited;
 * everything commits together or not at all. The change is read (`readPatch`, the request's body) once the person is found.
 */
export async function changeUser(
  db: Db,
  caller: SignedIn,
  id: number,
  readPatch: () => Promise<UserPatch>,
): Promise<PublicUser & { revokedTokens?: number }> {
  const user = await getUser(db, id);
  if (!user) throw notFound(`user ${id}`);
  const patch = await readPatch();
  const passwordHash = patch.password === undefined ? undefined : await hashPassword(patch.password);
  return transaction(db, async () => {
    if (patch.isAdmin === false) await keepAnAdmin(db, user, caller.user.id);
    const updated = await updateUser(db, user.id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.isAdmin === undefined ? {} : { isAdmin: patch.isAdmin }),
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (!updated) throw notFound(`user ${id}`);
    if (patch.isAdmin !== undefined && patch.isAdmin !== user.isAdmin)
      await audit(db, caller, "user.role", user.email, { isAdmin: patch.isAdmin });
    if (patch.name !== undefined && patch.name !== user.name)
      await audit(db, caller, "user.update", user.email, { name: patch.name });
    if (passwordHash === undefined) return updated;
    await deleteUserSignIns(db, user.id);
    const revokedTokens = patch.revokeTokens === false ? 0 : await revokeUserTokens(db, user.id, Date.now());
    await audit(db, caller, "user.password_reset", user.email, { revokedTokens });
    return { ...updated, revokedTokens };
  });
}

/** Deletes a person's account with their sign-ins, tokens and memberships: not the caller's own, never the last admin. */
export async function removeUser(db: Db, caller: SignedIn, id: number): Promise<void> {
  const user = await getUser(db, id);
  if (!user) throw notFound(`user ${id}`);
  if (user.id === caller.user.id)
    throw new ApiError(409, "cannot_delete_self", "You cannot delete your own account; another admin can.");
  await transaction(db, async () => {
    await keepAnAdmin(db, user, caller.user.id);
    await deleteUser(db, user.id);
    await audit(db, caller, "user.delete", user.email, undefined);
  });
}
