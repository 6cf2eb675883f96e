import "server-only";
import { eq } from "drizzle-orm";
import { transaction, type Db } from "@/db/client";
import { lockSessions } from "@/db/queries/session-writes";
import { storeSession } from "./store-session";
import { projects, trajectories } from "@/db/schema";
import { rebuildTrajectory } from "./session-from-parts";

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
      .select({ externalId: trajectories.externalId })
      .from(trajectories)
      .where(eq(trajectories.id, id))
      .get();
    if (!session) return false;
    await lockSessions(db, [session.externalId]);
    const row = await db
      .select({
        projectId: trajectories.projectId,
        slug: projects.slug,
        format: trajectories.format,
        raw: trajectories.raw,
        externalId: trajectories.externalId,
      })
      .from(trajectories)
      .innerJoin(projects, eq(projects.id, trajectories.projectId))
      .where(eq(trajectories.id, id))
      .get();
    if (!row) return false;
    const t = await rebuildTrajectory(db, row);
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
