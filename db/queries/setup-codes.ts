import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { setupCodes } from "@/db/schema";

/** Keeps a setup code's hash (a second process with the same code adds nothing). */
export async function addSetupCode(db: Db, codeHash: string): Promise<void> {
  await db.insert(setupCodes).values({ codeHash }).onConflictDoNothing().run();
}

/** Whether a setup code with this hash was handed out and is still valid. */
export async function setupCodeKnown(db: Db, codeHash: string): Promise<boolean> {
  return (
    (await db.select({ one: sql`1` }).from(setupCodes).where(eq(setupCodes.codeHash, codeHash)).get()) !== undefined
  );
}

/** Forgets every setup code: the admin exists. */
export async function clearSetupCodes(db: Db): Promise<void> {
  await db.delete(setupCodes).run();
}
