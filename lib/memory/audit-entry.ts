/**
 * How the audit log names a change to a memory: its target ("<project or global>: memory <id>") and what it held,
 * the same for a person's create, edit, pin or delete and for an agent's `remember`.
 */
import type { MemoryHit } from "@/lib/memory/contract";
import type { MemoryPatch } from "@/lib/memory/memory-query";

/** The start of a memory's text kept in its audit entry. */
const AUDITED_CHARS = 200;

export const memoryTarget = (memory: Pick<MemoryHit, "id" | "project">) =>
  `${memory.project ?? "global"}: memory ${memory.id}`;

export const memoryDetail = (memory: Pick<MemoryHit, "category" | "content" | "pinned">) => ({
  category: memory.category,
  pinned: memory.pinned,
  content: memory.content.slice(0, AUDITED_CHARS),
});

/** The fields an edit sets. */
export const changedFields = (patch: MemoryPatch) =>
  Object.entries(patch).flatMap(([key, value]) => (value === undefined ? [] : [key]));

/** An edit that only pins or unpins is `memory.pin` or `memory.unpin`; anything else is `memory.update`. */
export function memoryChange(patch: MemoryPatch, wasPinned: boolean): "memory.pin" | "memory.unpin" | "memory.update" {
  const fields = changedFields(patch);
  if (fields.length === 1 && fields[0] === "pinned" && patch.pinned !== wasPinned)
    return patch.pinned ? "memory.pin" : "memory.unpin";
  return "memory.update";
}
