import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type Db } from "@/db/client";
import { ablationRuns, ablations } from "@/db/schema";

export type AblationRow = typeof ablations.$inferSelect;
export type AblationRunRow = typeof ablationRuns.$inferSelect;

export async function insertAblation(db: Db, values: typeof ablations.$inferInsert): Promise<AblationRow> {
  return db.insert(ablations).values(values).returning().get();
}

/** The project's ablations, newest first. */
export async function projectAblations(db: Db, projectId: number): Promise<AblationRow[]> {
  return db.select().from(ablations).where(eq(ablations.projectId, projectId)).orderBy(desc(ablations.id)).all();
}

export async function projectAblation(db: Db, projectId: number, id: number): Promise<AblationRow | null> {
  return (
    (await db
      .select()
      .from(ablations)
      .where(and(eq(ablations.projectId, projectId), eq(ablations.id, id)))
      .get()) ?? null
  );
}

/** Stores a run, replacing the one reported before for the same task, arm and run number. */
export async function upsertRun(db: Db, values: typeof ablationRuns.$inferInsert): Promise<void> {
  const { ablationId: _a, task: _t, arm: _r, run: _n, ...changes } = values;
  await db
    .insert(ablationRuns)
    .values(values)
    .onConflictDoUpdate({
      target: [ablationRuns.ablationId, ablationRuns.task, ablationRuns.arm, ablationRuns.run],
      set: { ...changes, reportedAt: Date.now() },
    })
    .run();
}

/** The runs of these ablations, in the order they were reported. */
export async function runsOf(db: Db, ablationIds: readonly number[]): Promise<AblationRunRow[]> {
  if (ablationIds.length === 0) return [];
  return db
    .select()
    .from(ablationRuns)
    .where(inArray(ablationRuns.ablationId, [...ablationIds]))
    .orderBy(ablationRuns.id)
    .all();
}
