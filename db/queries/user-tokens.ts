import "server-only";
import { and, count, eq, isNull } from "drizzle-orm";
import { type Db } from "@/db/client";
import { apiTokens } from "@/db/schema";

/** How many live (not revoked) API tokens each person holds; people with none are absent. */
export async function liveTokenCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: apiTokens.userId, n: count() })
    .from(apiTokens)
    .where(isNull(apiTokens.revokedAt))
    .groupBy(apiTokens.userId)
    .all();
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** Revokes every live API token of a person; answers how many. */
export async function revokeUserTokens(db: Db, userId: number, now: number): Promise<number> {
  return (
    await db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .run()
  ).changes;
}
