import type { z } from "zod";

/** A page's search params as Next hands them over. */
export type RawQuery = Record<string, string | string[] | undefined>;

function firstValues(raw: RawQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[key] = first;
  }
  return out;
}

/**
 * Parses a page's search params with the API's strict schema, dropping (and naming) the fields that are invalid
 * instead of failing, so a hand-edited or stale link still shows a page.
 */
export function parseLenient<S extends z.ZodType>(schema: S, raw: RawQuery): { value: z.output<S>; ignored: string[] } {
  const input = firstValues(raw);
  const ignored: string[] = [];
  for (;;) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { value: parsed.data, ignored };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    const removable = [...bad].filter((key) => key in input);
    if (removable.length === 0) return { value: schema.parse({}), ignored };
    for (const key of removable) {
      delete input[key];
      ignored.push(key);
    }
  }
}
