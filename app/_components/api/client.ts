import { apiFailure, UNREACHABLE, type ApiFailure } from "@/lib/http/api-failure";

export type { ApiFailure } from "@/lib/http/api-failure";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The browser's one way to call Starlight's API (same origin, so the sign-in cookie goes along): JSON in, JSON
 * out, and every failure read by the one parser (lib/http/api-failure.ts). Never throws.
 */
export async function callApi<T = null>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response) return { ok: false, failure: UNREACHABLE };
  const json = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, data: json as T };
  return { ok: false, failure: apiFailure(response.status, json, response.headers.get("retry-after")) };
}

/** A text answer of the API (an export format); rejects with the API's message when there is none. */
export async function fetchApiText(path: string): Promise<string> {
  const response = await fetch(path).catch(() => null);
  if (!response) throw new Error(UNREACHABLE.message);
  if (!response.ok)
    throw new Error(
      apiFailure(response.status, await response.json().catch(() => null), response.headers.get("retry-after")).message,
    );
  return response.text();
}
