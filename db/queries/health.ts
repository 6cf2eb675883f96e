import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";

/** A trivial query that proves the database is open, migrated and answering (readiness checks). */
export function pingDb(db: Db = getDb()): boolean {
  return db.get<{ ok: number }>(sql`select count(*) >= 0 as ok from projects`)?.ok === 1;
}
