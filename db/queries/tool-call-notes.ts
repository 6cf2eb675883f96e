import "server-only";
import { eq } from "drizzle-orm";
import { type Db } from "@/db/client";
import { projects, toolCallNotes } from "@/db/schema";
import type { NoteDraw } from "@/lib/experiment/note-effects";
import type { JustInTimeSetting } from "@/lib/just-in-time/contract";
import type { NoteDelivery } from "@/lib/just-in-time/draw";

export interface NewToolCallNote {
  projectId: number;
  experimentId: number | null;
  sessionId: string;
  itemKey: string;
  moment: "before" | "after";
  tool: string;
  delivery: NoteDelivery;
}

/**
 * Records the notes due to a session (given or not, lib/just-in-time/draw.ts) and answers the keys of those not
 * recorded for it yet: a note is given once per session and item, however many hooks ask at once (the unique index
 * decides).
 */
export async function recordToolCallNotes(db: Db, notes: NewToolCallNote[]): Promise<Set<string>> {
  if (notes.length === 0) return new Set();
  const rows = await db
    .insert(toolCallNotes)
    .values(notes)
    .onConflictDoNothing()
    .returning({ itemKey: toolCallNotes.itemKey })
    .all();
  return new Set(rows.map((r) => r.itemKey));
}

export async function setJustInTimeSetting(db: Db, projectId: number, setting: JustInTimeSetting): Promise<void> {
  await db.update(projects).set({ justInTime: setting }).where(eq(projects.id, projectId)).run();
}

/** The notes due in an experiment period, each with what became of it (lib/experiment/note-effects.ts reads them). */
export async function toolCallNoteDraws(db: Db, experimentId: number): Promise<NoteDraw[]> {
  return db
    .select({
      sessionId: toolCallNotes.sessionId,
      itemKey: toolCallNotes.itemKey,
      moment: toolCallNotes.moment,
      delivery: toolCallNotes.delivery,
    })
    .from(toolCallNotes)
    .where(eq(toolCallNotes.experimentId, experimentId))
    .orderBy(toolCallNotes.id)
    .all();
}
