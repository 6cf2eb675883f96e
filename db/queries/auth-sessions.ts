import "server-only";
import { and, eq, gt, lt } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { authSessions, users } from "@/db/schema";
import type { PublicUser } from "./users";

export function insertAuthSession(id: string, userId: number, expiresAt: number, db: Db = getDb()): void {
  db.insert(authSessions).values({ id, userId, expiresAt }).run();
}

/** The signed-in user for a session id (the hash of the cookie), if the session has not expired. */
export function authSessionUser(id: string, now: number, db: Db = getDb()): { user: PublicUser; lastSeenAt: number } | null {
  return (
    db
      .select({
        user: { id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin, createdAt: users.createdAt },
        lastSeenAt: authSessions.lastSeenAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, now)))
      .get() ?? null
  );
}

/** Slides a session's expiry forward as it is used. */
export function touchAuthSession(id: string, now: number, expiresAt: number, db: Db = getDb()): void {
  db.update(authSessions).set({ lastSeenAt: now, expiresAt }).where(eq(authSessions.id, id)).run();
}

export function deleteAuthSession(id: string, db: Db = getDb()): void {
  db.delete(authSessions).where(eq(authSessions.id, id)).run();
}

/** Signs a person out everywhere (after a password reset). */
export function deleteUserSessions(userId: number, db: Db = getDb()): void {
  db.delete(authSessions).where(eq(authSessions.userId, userId)).run();
}

export function deleteExpiredSessions(now: number, db: Db = getDb()): void {
  db.delete(authSessions).where(lt(authSessions.expiresAt, now)).run();
}
