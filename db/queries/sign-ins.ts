import "server-only";
import { and, eq, gt, lte, or } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { signIns, users } from "@/db/schema";
import type { PublicUser } from "./users";

/** The bounds of the sign-ins still alive at a time: not expired, and started after `startedAfter`. */
export interface SignInLife {
  now: number;
  startedAfter: number;
}

/** Stores a new sign-in started at `life.now`, deleting first the sign-ins that are no longer alive. */
export async function insertSignIn(
  db: Db,
  id: string,
  userId: number,
  expiresAt: number,
  life: SignInLife,
): Promise<void> {
  await transaction(db, async () => {
    await deleteExpiredSignIns(db, life);
    await db.insert(signIns).values({ id, userId, createdAt: life.now, lastSeenAt: life.now, expiresAt }).run();
  });
}

/** The signed-in user for a sign-in's id (the hash of the cookie), if the sign-in is alive. */
export async function signInUser(
  db: Db,
  id: string,
  life: SignInLife,
): Promise<{ user: PublicUser; lastSeenAt: number; createdAt: number } | null> {
  return (
    (await db
      .select({
        user: {
          id: users.id,
          email: users.email,
          name: users.name,
          isAdmin: users.isAdmin,
          createdAt: users.createdAt,
        },
        lastSeenAt: signIns.lastSeenAt,
        createdAt: signIns.createdAt,
      })
      .from(signIns)
      .innerJoin(users, eq(users.id, signIns.userId))
      .where(and(eq(signIns.id, id), gt(signIns.expiresAt, life.now), gt(signIns.createdAt, life.startedAfter)))
      .get()) ?? null
  );
}

/** Slides a sign-in's expiry forward as it is used. */
export async function touchSignIn(db: Db, id: string, now: number, expiresAt: number): Promise<void> {
  await db.update(signIns).set({ lastSeenAt: now, expiresAt }).where(eq(signIns.id, id)).run();
}

export async function deleteSignIn(db: Db, id: string): Promise<void> {
  await db.delete(signIns).where(eq(signIns.id, id)).run();
}

/** Signs a person out everywhere (after a password reset). */
export async function deleteUserSignIns(db: Db, userId: number): Promise<void> {
  await db.delete(signIns).where(eq(signIns.userId, userId)).run();
}

/** Deletes the sign-ins no longer alive; answers how many. */
export async function deleteExpiredSignIns(db: Db, life: SignInLife): Promise<number> {
  return (
    await db
      .delete(signIns)
      .where(or(lte(signIns.expiresAt, life.now), lte(signIns.createdAt, life.startedAfter)))
      .run()
  ).changes;
}
