import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { type Db } from "@/db/client";
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
export async function adminExists(db: Db): Promise<boolean> {
  return (await db.select({ one: sql`1` }).from(users).where(eq(users.isAdmin, true)).limit(1).get()) !== undefined;
}

export async function userCount(db: Db): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(users).get())?.n ?? 0;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return (
    (await db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .get()) ?? null
  );
}

export async function getUser(db: Db, id: number): Promise<PublicUser | null> {
  return (await db.select(publicColumns).from(users).where(eq(users.id, id)).get()) ?? null;
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  return db.select(publicColumns).from(users).orderBy(asc(users.email)).all();
}

export async function insertUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; isAdmin: boolean },
): Promise<PublicUser> {
  return db
    .insert(users)
    .values({ ...input, email: normaliseEmail(input.email) })
    .returning(publicColumns)
    .get();
}

export async function updateUser(
  db: Db,
  id: number,
  patch: Partial<Pick<User, "name" | "passwordHash" | "isAdmin">>,
): Promise<PublicUser | null> {
  return (await db.update(users).set(patch).where(eq(users.id, id)).returning(publicColumns).get()) ?? null;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).run()).changes > 0;
}

export async function adminCount(db: Db): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isAdmin, true)).get())?.n ?? 0;
}
