import "server-only";
import { and, desc, eq, ilike, like, lt, or } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { auditLog } from "@/db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, "id">;

/** Adds an entry; returns its id. */
export async function insertAudit(db: Db, entry: NewAuditEntry): Promise<number> {
  return (await db.insert(auditLog).values(entry).returning({ id: auditLog.id }).get()).id;
}

/** Brings an entry's target and detail up to date (an upload's entry, as its transactions commit). */
export async function updateAudit(db: Db, id: number, change: Pick<NewAuditEntry, "target" | "detail">): Promise<void> {
  await db.update(auditLog).set(change).where(eq(auditLog.id, id)).run();
}

/** Newest first, keyset-paginated by id. */
export async function listAudit(
  db: Db,
  options: { before?: number; limit: number; action?: string },
): Promise<AuditEntry[]> {
  const { before, action } = options;
  // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE does that too (its LIKE does not).
  const kindOf = isPostgres(db) ? ilike : like;
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        before !== undefined ? lt(auditLog.id, before) : undefined,
        // "token" matches token.create and token.revoke.
        action !== undefined ? or(eq(auditLog.action, action), kindOf(auditLog.action, `${action}.%`)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(options.limit)
    .all();
}
