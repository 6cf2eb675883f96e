import type { z, ZodType } from "zod";
import { ApiError } from "@/lib/api-error";

/**
 * Reads a small JSON body and parses it with `schema` (a ZodError becomes a 422 naming each field).
 * `example` is shown when the body is not JSON at all.
 */
export async function readJson<S extends ZodType>(
  request: Request,
  schema: S,
  example: string,
  maxBytes = 64 * 1024,
): Promise<z.output<S>> {
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes)
    throw new ApiError(413, "body_too_large", `This body is at most ${maxBytes / 1024} KB.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(422, "invalid_body", `The body must be a JSON object, such as ${example}.`);
  }
  return schema.parse(json);
}
