import "server-only";
import { eq } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { lockSessions } from "@/db/queries/session-writes";
import { storeSession } from "./store-session";
import { projects, sessions } from "@/db/schema";
import { rebuildSession } from "./session-from-parts";

export const OUTCOMES = ["succeeded", "failed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The score a person's verdict stands for: certain success or certain failure. */
const OUTCOME_SCORE: Record<Outcome, number> = { succeeded: 1, failed: 0 };

/**
 * Records a person's verdict on a session (or clears it with null): the session is rebuilt from what was
 * received with the new score, so its category, memory and every aggregate follow. Returns false when the
 * session does not exist. One transaction, which takes the session's lock (as ingest does) before it reads what
 * was received, so that a part arriving meanwhile from another process is not lost to a rebuild without it.
 */
export async function setOutcome(db: Db, id: number, outcome: Outcome | null, now = Date.now()): Promise<boolean> {
  return transaction(db, async () => {
    const session = await db
      .select({ externalId: sessions.externalId })
      .from(sessions)
      .where(eq(sessions.id, id))
      .get();
    if (!session) return false;
    await lockSessions(db, [session.externalId]);
    const row = await db
      .select({
        projectId: sessions.projectId,
        slug: projects.slug,
        format: sessions.format,
        raw: sessions.raw,
        externalId: sessions.externalId,
      })
      .from(sessions)
      .innerJoin(projects, eq(projects.id, sessions.projectId))
      .where(eq(sessions.id, id))
      .get();
    if (!row) return false;
    const t = await rebuildSession(db, row);
    if (!t) throw new Error(`session ${id} cannot be rebuilt from what was received`);
    await storeSession(
      db,
      row.projectId,
      row.slug,
      t,
      outcome === null ? null : { score: OUTCOME_SCORE[outcome], at: now },
    );
    return true;
  });
}
