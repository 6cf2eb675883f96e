import "server-only";
import { lockKey, transaction, type Db } from "@/db/client";
import { insertSignIn } from "@/db/queries/sign-ins";
import { findUserByEmail, insertUser, type PublicUser } from "@/db/queries/users";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { newSecret, secretHash } from "@/lib/auth/secrets";
import { signInExpiry, signInLife } from "./sign-in-cookie";

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function createUser(
  db: Db,
  input: { email: string; name: string; password: string; isAdmin: boolean },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  return insertUser(db, { email: input.email, name: input.name, passwordHash, isAdmin: input.isAdmin });
}

/**
 * Creates the instance's first admin, unless `taken` (read inside the transaction) says it has one already: then
 * null. The password is hashed first; the check and the insert are one transaction holding the "first-admin" lock
 * (on SQLite, BEGIN IMMEDIATE serialises them as well), so requests or processes racing to set the instance up
 * create one admin.
 */
export async function createFirstAdmin(
  db: Db,
  input: { email: string; name: string; password: string },
  taken: (db: Db) => Promise<boolean>,
): Promise<PublicUser | null> {
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async () => {
    await lockKey(db, "first-admin");
    if (await taken(db)) return null;
    return insertUser(db, { email: input.email, name: input.name, passwordHash, isAdmin: true });
  });
}

/** The user whose email and password these are, or null. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<PublicUser | null> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    decoyHash ??= hashPassword("starlight-decoy-password");
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const { passwordHash: _hash, ...rest } = user;
  return rest;
}

/**
 * Signs a browser in, sweeping out the sign-ins no longer alive; returns the secret for the cookie (only its hash is
 * stored).
 */
export async function startSignIn(db: Db, userId: number, now: number = Date.now()): Promise<string> {
  const secret = newSecret();
  await insertSignIn(db, secretHash(secret), userId, signInExpiry(now, now), signInLife(now));
  return secret;
}

export { deleteSignIn, deleteUserSignIns } from "@/db/queries/sign-ins";
