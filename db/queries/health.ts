import "server-only";
import { sql } from "drizzle-orm";
import { type Db } from "@/db/client";

/** A trivial query that proves the database is open, migrated and answering (readiness checks). */
export async function pingDb(db: Db): Promise<boolean> {
  return (
    (await db.get<{ ok: number }>(sql`select case when count(*) >= 0 then 1 else 0 end as ok from projects`))?.ok === 1
  );
}
