/**
 * Cross-site request check for cookie-authenticated changes. Browsers send `Sec-Fetch-Site` (and `Origin` on
 * every cross-origin or non-GET fetch); a request from another site, or one that proves nothing, is refused.
 * Returns true (same origin), false (cross-site) or null (no evidence either way: curl, scripts).
 */
export function sameOrigin(headers: Headers): boolean | null {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (!origin) return null;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The client's address as the server saw it (first hop of X-Forwarded-For, which Next sets), for rate limits and the audit log. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "unknown";
}

/** Whether the request reached us over HTTPS (directly or through a proxy), which decides the cookie's Secure flag. */
export function isHttps(url: string, headers: Headers): boolean {
  return headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || url.startsWith("https:");
}
