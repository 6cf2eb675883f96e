import type { z, ZodType } from "zod";
import type { Access } from "@/lib/auth/access";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { visibleProject } from "@/lib/server/auth/project-access";

/**
 * Reads a memory's JSON body with `schema` (a ZodError becomes a 422 naming each field) and checks that
 * the project it names exists for the caller (one they cannot see answers as if it did not exist), so the
 * handler only meets valid input.
 */
export async function readMemoryBody<S extends ZodType<{ project?: string | null }>>(request: Request, schema: S, access: Access): Promise<z.output<S>> {
  const input = await readJson(request, schema, '{"content": "…", "category": "insight"}');
  if (input.project && !visibleProject(access, input.project)) {
    const message = `project "${input.project}" does not exist; use an existing project's slug, or null for a global memory`;
    throw new ApiError(422, "unknown_project", message, [{ field: "project", message }]);
  }
  return input;
}
