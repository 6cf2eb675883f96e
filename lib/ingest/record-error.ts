import type { z } from "zod";
import type { RecordError } from "@/lib/ingest/types";

/** A failed zod parse → one error for the record: its first issue, and how many more there were. */
export function recordError(error: z.ZodError, line: number): RecordError {
  const [first, ...rest] = error.issues;
  const field = first && first.path.length > 0 ? first.path.map(String).join(".") : null;
  const more = rest.length === 0 ? "" : ` (and ${rest.length} more problem${rest.length === 1 ? "" : "s"})`;
  return { line, field, message: `${first?.message ?? "invalid record"}${more}` };
}
