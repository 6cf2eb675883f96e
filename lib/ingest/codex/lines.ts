import { z } from "zod";
import { text } from "@/lib/ingest/schema-fields";

/**
 * The shapes of a Codex rollout's lines (`RolloutLine` in codex-rs/protocol): `{timestamp, type, payload}`, `type`
 * one of ROLLOUT_TYPES. Only the fields Starlight reads are checked; a payload may hold any others, and types newer
 * than this code are kept and skipped.
 */
export const ROLLOUT_TYPES: ReadonlySet<unknown> = new Set([
  "session_meta",
  "turn_context",
  "response_item",
  "event_msg",
  "compacted",
]);

const count = () =>
  z
    .number({ error: "expected a whole number of tokens" })
    .int({ error: "expected a whole number of tokens" })
    .min(0, { error: "must be 0 or more" });

const usage = z.object({
  input_tokens: count().optional(),
  cached_input_tokens: count().optional(),
  output_tokens: count().optional(),
  reasoning_output_tokens: count().optional(),
  total_tokens: count().optional(),
});

export const envelope = z.object({
  timestamp: text().refine((s) => !Number.isNaN(Date.parse(s)), { error: "expected an ISO date string" }),
  type: text(),
  payload: z.record(z.string(), z.unknown(), { error: "expected an object" }),
});

export const sessionMeta = z.object({
  id: text().min(1, { error: "must not be empty" }),
  cwd: text().optional(),
  git: z.object({ branch: text().optional() }).nullish(),
});

export const tokenCount = z.object({
  info: z.object({ last_token_usage: usage.nullish(), total_token_usage: usage.nullish() }).nullish(),
});

/** Checks `value` against `schema`, naming the first wrong field under `prefix`. */
export function checkLine<T>(
  schema: z.ZodType<T>,
  value: unknown,
  prefix: string,
): { ok: true; value: T } | { ok: false; field: string | null; message: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [first] = parsed.error.issues;
  const path = first?.path.map(String) ?? [];
  return {
    ok: false,
    field: [prefix, ...path].filter((p) => p !== "").join(".") || null,
    message: first?.message ?? "invalid line",
  };
}
