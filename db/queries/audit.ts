import "server-only";
import { and, desc, eq, like, lt, or } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { auditLog } from "@/db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, "id">;

export function insertAudit(entry: NewAuditEntry, db: Db = getDb()): void {
  db.insert(auditLog).values(entry).run();
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
