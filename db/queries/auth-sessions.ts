import "server-only";
import { and, eq, gt, lte, or } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { authSessions, users } from "@/db/schema";
import type { PublicUser } from "./users";

/** The bounds of the sessions still alive at a time: not expired, and started after `startedAfter`. */
export interface SessionLife {
  now: number;
  startedAfter: number;
}

/** Stores a new session started at `life.now`, deleting first the sessions that are no longer alive. */
export async function insertAuthSession(
  db: Db,
  id: string,
  userId: number,
  expiresAt: number,
  life: SessionLife,
): Promise<void> {
  await transaction(db, async () => {
    await deleteExpiredSessions(db, life);
    await db.insert(authSessions).values({ id, userId, createdAt: life.now, lastSeenAt: life.now, expiresAt }).run();
  });
}

/** The signed-in user for a session id (the hash of the cookie), if the session is alive. */
export async function authSessionUser(
  db: Db,
  id: string,
  life: SessionLife,
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
        lastSeenAt: authSessions.lastSeenAt,
        createdAt: authSessions.createdAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, id),
          gt(authSessions.expiresAt, life.now),
          gt(authSessions.createdAt, life.startedAfter),
        ),
      )
      .get()) ?? null
  );
}

/** Slides a session's expiry forward as it is used. */
export async function touchAuthSession(db: Db, id: string, now: number, expiresAt: number): Promise<void> {
  await db.update(authSessions).set({ lastSeenAt: now, expiresAt }).where(eq(authSessions.id, id)).run();
}

export async function deleteAuthSession(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id)).run();
}

/** Signs a person out everywhere (after a password reset). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId)).run();
}

/** Deletes the sessions no longer alive; answers how many. */
export async function deleteExpiredSessions(db: Db, life: SessionLife): Promise<number> {
  return (
    await db
      .delete(authSessions)
      .where(or(lte(authSessions.expiresAt, life.now), lte(authSessions.createdAt, life.startedAfter)))
      .run()
  ).changes;
}
