import "server-only";

export const SESSION_COOKIE = "starlight_session";
/** A session lasts 30 days from its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

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
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])].join("; ");
}
