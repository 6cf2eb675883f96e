import { createMemory } from "@/db/queries/memory-curation";
import { searchMemories } from "@/db/queries/memories";
import { readableProjects } from "@/lib/auth/access";
import { route } from "@/lib/http/route";
import { memoryInputSchema, memorySearchSchema } from "@/lib/memory/memory-query";
import { checkMayCurate } from "./memory-access";
import { readMemoryBody } from "./read-body";

/**
 * Full-text search over the memories of the projects the caller may read and the global ones:
 * `?q&project&category&tag&minConfidence&from&to&sort&limit&offset`.
 */
export const GET = route({ query: memorySearchSchema }, ({ query, caller }) => searchMemories({ ...query, readable: readableProjects(caller.access) }));

/** A memory written by a person: `{ content, category, tags?, confidence?, project?, pinned? }` → 201. */
export const POST = route({}, async ({ request, caller }) => {
  const input = await readMemoryBody(request, memoryInputSchema, caller.access);
  checkMayCurate(caller.access, input.project ?? null);
  return Response.json(createMemory({ ...input, by: caller.user.id }), { status: 201 });
});
