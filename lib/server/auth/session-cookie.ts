import "server-only";

export const SESSION_COOKIE = "starlight_session";
/** A session lasts 30 days from its last use… */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** …and never more than 90 days from signing in, however often it is used. */
const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Which sessions are alive at `now`: not expired, and started less than SESSION_MAX_AGE_MS ago. */
export const sessionLife = (now: number) => ({ now, startedAfter: now - SESSION_MAX_AGE_MS });

/** When a session used at `now` expires: 30 days on, but not past its absolute lifetime. */
export function sessionExpiry(createdAt: number, now: number): number {
  return Math.min(now + SESSION_TTL_MS, createdAt + SESSION_MAX_AGE_MS);
}

/** The Set-Cookie value that signs a browser in: httpOnly, SameSite=Lax, Secure behind HTTPS. */
export function sessionCookie(secret: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${secret}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])].join(
    "; ",
  );
}
