import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Db } from "@/db/client";
import { memories, projects } from "@/db/schema";
import type { MemoryHit, MemoryInput } from "@/lib/memory/contract";
import type { DecayAt } from "@/lib/memory/decay";
import type { MemoryPatch } from "@/lib/memory/memory-query";
import { getMemory } from "./memories";

/**
 * People's curation of the memory vault: add, edit, pin, delete. The full-text indexes stay in sync by themselves:
 * through triggers on SQLite (memories_fts, memories_words), as generated columns on PostgreSQL (`search`, `words`).
 */

async function projectId(db: Db, slug: string | null | undefined): Promise<number | null> {
  if (slug === undefined || slug === null) return null;
  const found = await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).get();
  if (!found) throw new Error(`Project "${slug}" does not exist`);
  return found.id;
}

/** The person acting (a user id), kept with a pin or a pinned memory's new text: guidance quotes it as theirs. */
type By = { by?: number | null };

/**
 * A memory written by a person (source `manual:<uuid>`), or by an agent through the MCP server (the source it
 * gives, `project:<slug>:agent:<uuid>`). The project, if any, must exist.
 */
export async function createMemory(
  db: Db,
  input: MemoryInput & By & { source?: string },
  at: DecayAt,
): Promise<MemoryHit> {
  const { id } = await db
    .insert(memories)
    .values({
      projectId: await projectId(db, input.project),
      category: input.category,
      content: input.content,
      tags: input.tags.join(" "),
      confidence: input.confidence,
      source: input.source ?? `manual:${randomUUID()}`,
      pinned: input.pinned ?? false,
      pinnedBy: input.pinned ? (input.by ?? null) : null,
      createdAt: at.now,
      updatedAt: at.now,
    })
    .returning({ id: memories.id })
    .get();
  return (await getMemory(db, id, at))!;
}

/**
 * Applies a person's edit; null when there is no such memory. Changing what a memory says (content, tags,
 * category, confidence) is a reinforcement: `updatedAt` and `reinforcedAt` become `now`, so its decay starts
 * over. Moving it to another project only updates `updatedAt`; pinning is `setPinned`'s rule.
 */
export async function updateMemory(
  db: Db,
  id: number,
  patch: MemoryPatch & By,
  at: DecayAt,
): Promise<MemoryHit | null> {
  const current = await db.select({ pinned: memories.pinned }).from(memories).where(eq(memories.id, id)).get();
  if (!current) return null;
  const edited =
    patch.content !== undefined ||
    patch.tags !== undefined ||
    patch.category !== undefined ||
    patch.confidence !== undefined;
  const moved = patch.project !== undefined;
  const unpinned = current.pinned && patch.pinned === false;
  // Whoever pins a memory, or rewrites one that stays pinned, is the person guidance quotes.
  const vouches =
    (patch.pinned === true && !current.pinned) || (patch.content !== undefined && (patch.pinned ?? current.pinned));
  await db
    .update(memories)
    .set({
      ...(patch.content !== undefined && { content: patch.content }),
      ...(patch.tags !== undefined && { tags: patch.tags.join(" ") }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.confidence !== undefined && { confidence: patch.confidence }),
      ...(patch.pinned !== undefined && { pinned: patch.pinned }),
      ...(vouches && { pinnedBy: patch.by ?? null }),
      ...(patch.pinned === false && { pinnedBy: null }),
      ...(moved && { projectId: await projectId(db, patch.project) }),
      ...((edited || moved) && { updatedAt: at.now }),
      ...((edited || unpinned) && { reinforcedAt: at.now }),
    })
    .where(eq(memories.id, id))
    .run();
  return getMemory(db, id, at);
}

/**
 * Pins or unpins a memory; null when there is none. A pinned memory never decays; unpinning counts as a
 * reinforcement (decay starts from the moment a person stopped vouching for it, not from its creation).
 */
export async function setPinned(db: Db, id: number, pinned: boolean, at: DecayAt): Promise<MemoryHit | null> {
  return updateMemory(db, id, { pinned }, at);
}

/** Deletes a memory (and with it its full-text entry); false when there was none. */
export async function deleteMemory(db: Db, id: number): Promise<boolean> {
  return (await db.delete(memories).where(eq(memories.id, id)).run()).changes > 0;
}
