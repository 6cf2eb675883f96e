import { createMemory } from "@/db/queries/memory-curation";
import { searchMemories } from "@/db/queries/memories";
import { route } from "@/lib/http/route";
import { memoryInputSchema, memorySearchSchema } from "@/lib/memory/memory-query";
import { readMemoryBody } from "./read-body";

/** Full-text search over memories: `?q&project&category&tag&minConfidence&from&to&sort&limit&offset`. */
export const GET = route({ query: memorySearchSchema }, ({ query }) => searchMemories(query));

/** A memory written by a person: `{ content, category, tags?, confidence?, project?, pinned? }` → 201. */
export const POST = route({}, async ({ request }) => {
  const input = await readMemoryBody(request, memoryInputSchema);
  return Response.json(createMemory(input), { status: 201 });
});
