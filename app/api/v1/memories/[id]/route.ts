import { z } from "zod";
import { deleteMemory, updateMemory } from "@/db/queries/memory-curation";
import { getMemory } from "@/db/queries/memories";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { memoryPatchSchema } from "@/lib/memory/memory-query";
import { readMemoryBody } from "../read-body";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One memory with its effective confidence and where it came from. */
export const GET = route({ params }, ({ params }) => {
  const memory = getMemory(params.id);
  if (!memory) throw notFound(`Memory ${params.id}`);
  return memory;
});

/** Any subset of `{ content, category, tags, confidence, project, pinned }`; editing what it says resets its decay. */
export const PATCH = route({ params }, async ({ params, request }) => {
  const patch = await readMemoryBody(request, memoryPatchSchema);
  const memory = updateMemory(params.id, patch);
  if (!memory) throw notFound(`Memory ${params.id}`);
  return memory;
});

/** Deletes a memory; it leaves search at once. */
export const DELETE = route({ params }, ({ params }) => {
  if (!deleteMemory(params.id)) throw notFound(`Memory ${params.id}`);
  return new Response(null, { status: 204 });
});
