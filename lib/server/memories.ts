import "server-only";
import { ApiError } from "@/lib/api-error";
import { canReadGlobal, readableProjects, type Access } from "@/lib/auth/access";
import { readConfig } from "@/lib/config";
import type { DecayAt } from "@/lib/memory/decay";

/** Memories' decay measured now (or at `now`), at the configured half-life (STARLIGHT_MEMORY_HALF_LIFE_DAYS). */
export function decayAt(now: number = Date.now()): DecayAt {
  return { now, halfLifeDays: readConfig().memoryHalfLifeDays };
}

/**
 * The projects whose memories the caller may search, the global ones (of no project) with them. A token without
 * the read permission reads nothing, global memories included: 403.
 */
export function memorySearchScope(access: Access): "all" | number[] {
  if (!canReadGlobal(access))
    throw new ApiError(
      403,
      "forbidden",
      "This token may upload but not read: searching memories needs a token with the read permission.",
    );
  return readableProjects(access);
}

export { getMemory, searchMemories } from "@/db/queries/memories";
export { createMemory, deleteMemory, updateMemory } from "@/db/queries/memory-curation";
