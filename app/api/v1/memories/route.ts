import { createMemory, decayAt, memorySearchScope, searchMemories } from "@/lib/server/memories";
import { route } from "@/lib/http/route";
import {
  memoryInputSchema,
  memorySearchResultSchema,
  memorySearchSchema,
  writtenMemorySchema,
} from "@/lib/memory/memory-query";
import { audit } from "@/lib/server/auth/audit";
import { redactMemoryText } from "@/lib/memory/redact-memory";
import { checkMayCurate, MEMORY_BODY_EXAMPLE, withKnownProject } from "./memory-access";
import { memoryDetail, memoryTarget } from "@/lib/memory/audit-entry";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc:
      "Full-text search over the memories of the projects the caller may read and the global ones (403 for a token without the read permission): " +
      "`?q&project&category&tag&minConfidence&from&to&sort&limit&offset`.",
    query: memorySearchSchema,
    response: memorySearchResultSchema,
  },
  ({ query, caller }) => searchMemories(getDb(), { ...query, readable: memorySearchScope(caller.access) }, decayAt()),
);

export const POST = route(
  {
    doc:
      "A memory written by a person: `{ content, category, tags?, confidence?, project?, pinned? }` → 201, the memory with " +
      "`redacted`: how many secrets were taken out of its content and tags before it was stored.",
    body: { schema: memoryInputSchema, example: MEMORY_BODY_EXAMPLE },
    response: writtenMemorySchema,
    status: 201,
  },
  async ({ body, caller }) => {
    const input = await withKnownProject(caller.access, await body());
    await checkMayCurate(caller.access, input.project ?? null);
    const { input: clean, redacted } = redactMemoryText(input);
    const memory = await createMemory(getDb(), { ...clean, by: caller.user.id }, decayAt());
    await audit(getDb(), caller, "memory.create", memoryTarget(memory), memoryDetail(memory));
    return { ...memory, redacted };
  },
);
