import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { projects, toolCallNotes } from "@/db/schema";
import type { JustInTimeSetting } from "@/lib/just-in-time/contract";

export interface NewToolCallNote {
  projectId: number;
  experimentId: number | null;
  sessionId: string;
  itemKey: string;
  moment: "before" | "after";
  tool: string;
}

/**
 * Records the notes given to a session and answers the keys of those it had not been given yet: a note is given once
 * per session and item, however many hooks ask at once (the unique index decides).
 */
export async function recordToolCallNotes(notes: NewToolCallNote[], db: Db = getDb()): Promise<Set<string>> {
  if (notes.length === 0) return new Set();
  const rows = await db.insert(toolCallNotes).values(notes).onConflictDoNothing().returning({ itemKey: toolCallNotes.itemKey }).all();
  return new Set(rows.map((r) => r.itemKey));
}

export async function setJustInTimeSetting(projectId: number, setting: JustInTimeSetting, db: Db = getDb()): Promise<void> {
  await db.update(projects).set({ justInTime: setting }).where(eq(projects.id, projectId)).run();
}
