import type { z, ZodType } from "zod";
import { getProjectBySlug } from "@/db/queries/projects";
import { ApiError } from "@/lib/http/errors";

/** A memory is a few kilobytes at most; anything far larger is refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a memory's JSON body with `schema` (a ZodError becomes a 422 naming each field) and checks that
 * the project it names exists, so the handler only meets valid input.
 */
export async function readMemoryBody<S extends ZodType<{ project?: string | null }>>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ApiError(413, "body_too_large", `A memory body is at most ${MAX_BODY_BYTES / 1024} KB.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(422, "invalid_body", 'The body must be a JSON object, such as {"content": "…", "category": "insight"}.');
  }
  const input = schema.parse(json);
  if (input.project && !getProjectBySlug(input.project)) {
    const message = `project "${input.project}" does not exist; use an existing project's slug, or null for a global memory`;
    throw new ApiError(422, "unknown_project", message, [{ field: "project", message }]);
  }
  return input;
}
