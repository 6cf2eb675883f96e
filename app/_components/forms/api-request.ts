/** What went wrong with an API call, ready to show: the message, per-field messages, and the wait after a 429. */
export interface ApiFailure {
  status: number;
  message: string;
  /** Form field → message, from the API's 422 details. */
  fields: Record<string, string>;
  /** Seconds from Retry-After, for a 429. */
  retryAfter: number | null;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

interface ErrorBody {
  error?: { message?: string; details?: unknown };
}

function fieldMessages(details: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(details)) return fields;
  for (const detail of details as { field?: unknown; message?: unknown }[]) {
    if (typeof detail?.field === "string" && typeof detail.message === "string") fields[detail.field.split(".")[0]!] ??= detail.message;
  }
  return fields;
}

/** Calls Starlight's API from the browser (same origin, so the session cookie goes along); never throws. */
export async function callApi<T = null>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response) return { ok: false, failure: { status: 0, message: "Could not reach the server; is it running?", fields: {}, retryAfter: null } };
  const json = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, data: json as T };
  const error = (json as ErrorBody | null)?.error;
  const retry = Number(response.headers.get("retry-after"));
  const retryAfter = response.status === 429 && Number.isFinite(retry) && retry > 0 ? retry : null;
  // The server's own message says why (a 429: too many attempts from this address, or failed sign-ins of this account).
  const fallback = response.status === 429 ? `Too many attempts; try again in ${retryAfter ?? 60} s.` : `The server answered ${response.status}.`;
  return { ok: false, failure: { status: response.status, message: error?.message ?? fallback, fields: fieldMessages(error?.details), retryAfter } };
}
