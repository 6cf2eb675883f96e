import "server-only";

/** The cookie keeps the name it had when a sign-in was called a session, so browsers stay signed in. */
export const SIGN_IN_COOKIE = "starlight_session";
/** A sign-in lasts 30 days from its last use… */
export const SIGN_IN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** …and never more than 90 days from signing in, however often it is used. */
const SIGN_IN_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Which sign-ins are alive at `now`: not expired, and started less than SIGN_IN_MAX_AGE_MS ago. */
export const signInLife = (now: number) => ({ now, startedAfter: now - SIGN_IN_MAX_AGE_MS });

/** When a sign-in used at `now` expires: 30 days on, but not past its absolute lifetime. */
export function signInExpiry(createdAt: number, now: number): number {
  return Math.min(now + SIGN_IN_TTL_MS, createdAt + SIGN_IN_MAX_AGE_MS);
}

/** The Set-Cookie value that signs a browser in: httpOnly, SameSite=Lax, Secure behind HTTPS. */
export function signInCookie(secret: string, secure: boolean): string {
  return [
    `${SIGN_IN_COOKIE}=${secret}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(SIGN_IN_TTL_MS / 1000)}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearedSignInCookie(secure: boolean): string {
  return [`${SIGN_IN_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])].join(
    "; ",
  );
}
