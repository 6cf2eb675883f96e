import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { users, type User } from "@/db/schema";

export type PublicUser = Omit<User, "passwordHash">;

const publicColumns = { id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin, createdAt: users.createdAt };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Whether anyone has been made an admin yet; until then only the setup page answers. */
export function adminExists(db: Db = getDb()): boolean {
  return db.select({ one: sql`1` }).from(users).where(eq(users.isAdmin, true)).limit(1).get() !== undefined;
}

export function userCount(db: Db = getDb()): number {
  return db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0;
}

export function findUserByEmail(email: string, db: Db = getDb()): User | null {
  return db.select().from(users).where(eq(users.email, normaliseEmail(email))).get() ?? null;
}

export function getUser(id: number, db: Db = getDb()): PublicUser | null {
  return db.select(publicColumns).from(users).where(eq(users.id, id)).get() ?? null;
}

export function listUsers(db: Db = getDb()): PublicUser[] {
  return db.select(publicColumns).from(users).orderBy(asc(users.email)).all();
}

export function insertUser(input: { email: string; name: string; passwordHash: string; isAdmin: boolean }, db: Db = getDb()): PublicUser {
  return db
    .insert(users)
    .values({ ...input, email: normaliseEmail(input.email) })
    .returning(publicColumns)
    .get();
}

export function updateUser(id: number, patch: Partial<Pick<User, "name" | "passwordHash" | "isAdmin">>, db: Db = getDb()): PublicUser | null {
  return db.update(users).set(patch).where(eq(users.id, id)).returning(publicColumns).get() ?? null;
}

export function deleteUser(id: number, db: Db = getDb()): boolean {
  return db.delete(users).where(eq(users.id, id)).run().changes > 0;
}

export function adminCount(db: Db = getDb()): number {
  return db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isAdmin, true)).get()?.n ?? 0;
}
