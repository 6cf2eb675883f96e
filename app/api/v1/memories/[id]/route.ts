import { z } from "zod";
import { deleteMemory, updateMemory } from "@/db/queries/memory-curation";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { memoryPatchSchema } from "@/lib/memory/memory-query";
import { audit } from "@/lib/server/auth/audit";
import { checkMayCurate, readableMemory } from "../memory-access";
import { readMemoryBody } from "../read-body";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One memory with its effective confidence and where it came from. */
export const GET = route({ params }, ({ params, caller }) => readableMemory(caller.access, params.id));

/**
 * Any subset of `{ content, category, tags, confidence, project, pinned }`; editing what it says resets its decay.
 * Needs the right to curate the memory's project, and the target project's when it moves.
 */
export const PATCH = route({ params }, async ({ params, request, caller }) => {
  checkMayCurate(caller.access, readableMemory(caller.access, params.id).project);
  const patch = await readMemoryBody(request, memoryPatchSchema, caller.access);
  if (patch.project !== undefined) checkMayCurate(caller.access, patch.project);
  const memory = updateMemory(params.id, { ...patch, by: caller.user.id });
  if (!memory) throw notFound(`Memory ${params.id}`);
  return memory;
});

/** Deletes a memory; it leaves search at once. */
export const DELETE = route({ params }, ({ params, caller }) => {
  const memory = readableMemory(caller.access, params.id);
  checkMayCurate(caller.access, memory.project);
  if (!deleteMemory(params.id)) throw notFound(`Memory ${params.id}`);
  audit(caller, "memory.delete", `${memory.project ?? "global"}: memory ${memory.id}`, { category: memory.category, content: memory.content.slice(0, 200) });
  return new Response(null, { status: 204 });
});
