import "server-only";
import { and, desc, eq, like, lt, or } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog } from "@/db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, "id">;

/** Adds an entry; returns its id. */
export function insertAudit(entry: NewAuditEntry, db: Db = getDb()): number {
  return db.insert(auditLog).values(entry).returning({ id: auditLog.id }).get().id;
}

/** Brings an entry's target and detail up to date (an upload's entry, as its transactions commit). */
export function updateAudit(id: number, change: Pick<NewAuditEntry, "target" | "detail">, db: Db = getDb()): void {
  db.update(auditLog).set(change).where(eq(auditLog.id, id)).run();
}

/** Newest first, keyset-paginated by id. */
export function listAudit(options: { before?: number; limit: number; action?: string }, db: Db = getDb()): AuditEntry[] {
  const { before, action } = options;
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        before !== undefined ? lt(auditLog.id, before) : undefined,
        // "token" matches token.create and token.revoke.
        action !== undefined ? or(eq(auditLog.action, action), like(auditLog.action, `${action}.%`)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(options.limit)
    .all();
}
