import { z } from "zod";
import { decayAt, deleteMemory, updateMemory } from "@/lib/server/memories";
import { notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { memoryHitSchema, memoryPatchSchema, writtenMemorySchema } from "@/lib/memory/memory-query";
import { redactMemoryText } from "@/lib/memory/redact-memory";
import { audit } from "@/lib/server/auth/audit";
import { changedFields, memoryChange, memoryDetail, memoryTarget } from "@/lib/memory/audit-entry";
import { checkMayCurate, MEMORY_BODY_EXAMPLE, readableMemory, withKnownProject } from "../memory-access";
import { getDb } from "@/db/client";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const GET = route(
  { doc: "One memory with its effective confidence and where it came from.", params, response: memoryHitSchema },
  ({ params, caller }) => readableMemory(caller.access, params.id),
);

export const PATCH = route(
  {
    doc:
      "Any subset of `{ content, category, tags, confidence, project, pinned }`; editing what it says resets its decay. " +
      "Needs the right to curate the memory's project, and the target project's when it moves. Answers the memory with " +
      "`redacted`: how many secrets were taken out of the new content and tags before they were stored.",
    params,
    body: { schema: memoryPatchSchema, example: MEMORY_BODY_EXAMPLE },
    response: writtenMemorySchema,
  },
  async ({ params, body, caller }) => {
    const before = await readableMemory(caller.access, params.id);
    await checkMayCurate(caller.access, before.project);
    const patch = await withKnownProject(caller.access, await body());
    if (patch.project !== undefined) await checkMayCurate(caller.access, patch.project);
    const { input: clean, redacted } = redactMemoryText(patch);
    const memory = await updateMemory(getDb(), params.id, { ...clean, by: caller.user.id }, decayAt());
    if (!memory) throw notFound(`Memory ${params.id}`);
    await audit(getDb(), caller, memoryChange(patch, before.pinned), memoryTarget(memory), {
      ...memoryDetail(memory),
      changed: changedFields(patch),
    });
    return { ...memory, redacted };
  },
);

export const DELETE = route(
  { doc: "Deletes a memory; it leaves search at once.", params, response: NO_CONTENT },
  async ({ params, caller }) => {
    const memory = await readableMemory(caller.access, params.id);
    await checkMayCurate(caller.access, memory.project);
    if (!(await deleteMemory(getDb(), params.id))) throw notFound(`Memory ${params.id}`);
    await audit(getDb(), caller, "memory.delete", memoryTarget(memory), memoryDetail(memory));
    return new Response(null, { status: 204 });
  },
);
