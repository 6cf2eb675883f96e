import "server-only";
import { and, count, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { apiTokens } from "@/db/schema";

/** How many live (not revoked) API tokens each person holds; people with none are absent. */
export function liveTokenCounts(db: Db = getDb()): Map<number, number> {
  const rows = db.select({ userId: apiTokens.userId, n: count() }).from(apiTokens).where(isNull(apiTokens.revokedAt)).groupBy(apiTokens.userId).all();
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** Revokes every live API token of a person; answers how many. */
export function revokeUserTokens(userId: number, now: number, db: Db = getDb()): number {
  return db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))).run().changes;
}
