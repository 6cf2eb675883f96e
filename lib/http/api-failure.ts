import { z } from "zod";

/** What went wrong with an API call, ready to show: the message, per-field messages, and the wait after a 429. */
export interface ApiFailure {
  status: number;
  message: string;
  /** Form field → its first message, from the API's details (`tags.0` counts as `tags`). */
  fields: Record<string, string>;
  /** Seconds from Retry-After, for a 429. */
  retryAfter: number | null;
}

/** The failure of a request that got no answer (status 0). */
export const UNREACHABLE: ApiFailure = {
  status: 0,
  message: "Could not reach the server; is it running?",
  fields: {},
  retryAfter: null,
};

const detail = z.object({ field: z.string(), message: z.string() });
const errorBody = z.object({
  error: z.object({
    message: z.string(),
    details: z.array(z.unknown()).catch([]).default([]),
  }),
});

/**
 * Reads an API error answer (`{ error: { code, message, details } }`, lib/api-error.ts) of any shape the network may
 * bring instead: a proxy's HTML page or an empty body falls back to the status.
 */
export function apiFailure(status: number, body: unknown, retryAfterHeader: string | null): ApiFailure {
  const parsed = errorBody.safeParse(body);
  const fields: Record<string, string> = {};
  for (const item of parsed.success ? parsed.data.error.details : []) {
    const d = detail.safeParse(item);
    if (d.success) fields[d.data.field.split(".")[0]!] ??= d.data.message;
  }
  const retry = Number(retryAfterHeader);
  const retryAfter = status === 429 && Number.isFinite(retry) && retry > 0 ? retry : null;
  // The server's own message says why (a 429: too many attempts from this address, or failed sign-ins of this account).
  const fallback =
    status === 429 ? `Too many attempts; try again in ${retryAfter ?? 60} s.` : `The server answered HTTP ${status}.`;
  return { status, message: parsed.success ? parsed.data.error.message : fallback, fields, retryAfter };
}

/** One line for a form that shows a single message: each field's message ("Tags: too many"), else the API's message. */
export function failureText(failure: ApiFailure): string {
  const fields = Object.entries(failure.fields);
  if (fields.length === 0) return failure.message;
  return fields.map(([field, message]) => `${field.charAt(0).toUpperCase()}${field.slice(1)}: ${message}`).join(" ");
}
