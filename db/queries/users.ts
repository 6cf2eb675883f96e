import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { users, type User } from "@/db/schema";

export type PublicUser = Omit<User, "passwordHash">;

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Whether anyone has been made an admin yet; until then only the setup page answers. */
export async function adminExists(db: Db = getDb()): Promise<boolean> {
  return (await db.select({ one: sql`1` }).from(users).where(eq(users.isAdmin, true)).limit(1).get()) !== undefined;
}

export async function userCount(db: Db = getDb()): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(users).get())?.n ?? 0;
}

export async function findUserByEmail(email: string, db: Db = getDb()): Promise<User | null> {
  return (
    (await db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .get()) ?? null
  );
}

export async function getUser(id: number, db: Db = getDb()): Promise<PublicUser | null> {
  return (await db.select(publicColumns).from(users).where(eq(users.id, id)).get()) ?? null;
}

export async function listUsers(db: Db = getDb()): Promise<PublicUser[]> {
  return db.select(publicColumns).from(users).orderBy(asc(users.email)).all();
}

export async function insertUser(
  input: { email: string; name: string; passwordHash: string; isAdmin: boolean },
  db: Db = getDb(),
): Promise<PublicUser> {
  return db
    .insert(users)
    .values({ ...input, email: normaliseEmail(input.email) })
    .returning(publicColumns)
    .get();
}

export async function updateUser(
  id: number,
  patch: Partial<Pick<User, "name" | "passwordHash" | "isAdmin">>,
  db: Db = getDb(),
): Promise<PublicUser | null> {
  return (await db.update(users).set(patch).where(eq(users.id, id)).returning(publicColumns).get()) ?? null;
}

export async function deleteUser(id: number, db: Db = getDb()): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).run()).changes > 0;
}

export async function adminCount(db: Db = getDb()): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isAdmin, true)).get())?.n ?? 0;
}
