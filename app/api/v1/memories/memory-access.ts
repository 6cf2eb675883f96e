import "server-only";
import { getMemory } from "@/db/queries/memories";
import { isInstanceAdmin, type Access } from "@/lib/auth/access";
import { ApiError, notFound } from "@/lib/api-error";
import type { MemoryHit } from "@/lib/memory/contract";
import { projectFor, visibleProject } from "@/lib/server/auth/project-access";
import { decayAt } from "@/lib/server/memories";

/** The memory, when the caller may read it (a global memory: anyone signed in); else 404. */
export function readableMemory(access: Access, id: number): MemoryHit {
  const memory = getMemory(id, decayAt());
  if (!memory || (memory.project !== null && !visibleProject(access, memory.project))) throw notFound(`Memory ${id}`);
  return memory;
}

/**
 * Throws unless the caller may add, change or delete memories of this project: its members and owners (403
 * for its viewers, 404 when they cannot see it). A global memory (no project) is for instance admins only.
 */
export function checkMayCurate(access: Access, project: string | null): void {
  if (project !== null) projectFor(access, project, "curate");
  else if (!isInstanceAdmin(access)) throw new ApiError(403, "forbidden", "Only an instance admin, signed in, may add or change a global memory (one of no project).");
}

/** Shown when a memory's body is not JSON. */
export const MEMORY_BODY_EXAMPLE = '{"content": "…", "category": "insight"}';

/**
 * A memory's parsed body, once the project it names is known to exist for the caller (one they cannot see
 * answers as if it did not exist), so the handler only meets valid input.
 */
export function withKnownProject<T extends { project?: string | null }>(access: Access, input: T): T {
  if (input.project && !visibleProject(access, input.project)) {
    const message = `project "${input.project}" does not exist; use an existing project's slug, or null for a global memory`;
    throw new ApiError(422, "unknown_project", message, [{ field: "project", message }]);
  }
  return input;
}
