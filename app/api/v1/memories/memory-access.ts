import "server-only";
import { decayAt, getMemory } from "@/lib/server/memories";
import { canReadGlobal, isInstanceAdmin, type Access } from "@/lib/auth/access";
import { ApiError, notFound } from "@/lib/api-error";
import type { MemoryHit } from "@/lib/memory/contract";
import { projectFor, visibleProject } from "@/lib/server/auth/project-access";
import { getDb } from "@/db/client";

/** The memory, when the caller may read it (a global memory: anyone signed in, a token with read); else 404. */
export async function readableMemory(access: Access, id: number): Promise<MemoryHit> {
  const memory = await getMemory(getDb(), id, decayAt());
  const readable =
    memory && (memory.project === null ? canReadGlobal(access) : await visibleProject(getDb(), access, memory.project));
  if (!memory || !readable) throw notFound(`Memory ${id}`);
  return memory;
}

/**
 * Throws unless the caller may add, change or delete memories of this project: its members and owners (403
 * for its viewers, 404 when they cannot see it). A global memory (no project) is for instance admins only.
 */
export async function checkMayCurate(access: Access, project: string | null): Promise<void> {
  if (project !== null) await projectFor(getDb(), access, project, "curate");
  else if (!isInstanceAdmin(access))
    throw new ApiError(
      403,
      "forbidden",
      "Only an instance admin, signed in, may add or change a global memory (one of no project).",
    );
}

/** Shown when a memory's body is not JSON. */
export const MEMORY_BODY_EXAMPLE = '{"content": "…", "category": "insight"}';

/**
 * A memory's parsed body, once the project it names is known to exist for the caller (one they cannot see
 * answers as if it did not exist), so the handler only meets valid input.
 */
export async function withKnownProject<T extends { project?: string | null }>(access: Access, input: T): Promise<T> {
  if (input.project && !(await visibleProject(getDb(), access, input.project))) {
    const message = `project "${input.project}" does not exist; use an existing project's slug, or null for a global memory`;
    throw new ApiError(422, "unknown_project", message, [{ field: "project", message }]);
  }
  return input;
}
