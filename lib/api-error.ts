/**
 * The API's error contract, a plain class any layer may throw (the one wrapper, lib/http/route.ts, answers it):
 * `{ error: { code, message, details } }`.
 */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** A failure caused by the caller, answered with its own status; anything else becomes a generic 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** For 429: seconds until the client may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} not found`);

export function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
