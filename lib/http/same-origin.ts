import { readConfig } from "@/lib/config";
import { edgeServer } from "./edge";

/**
 * The header scripts/server.mjs sets to the connection's address (`socket.remoteAddress`) on every request, after
 * deleting whatever the client sent under that name.
 */
const PEER_HEADER = "x-starlight-peer";

/** How far the request's headers may be believed about where it came from. */
export interface EdgeTrust {
  /** Whether the process serves through scripts/server.mjs, so PEER_HEADER is the socket's and not the client's. */
  peerHeader: boolean;
  /** STARLIGHT_TRUST_PROXY: how many reverse proxies in front of Starlight append to X-Forwarded-* (0: none). */
  proxyHops: number;
}

/** The trust this process runs with: behind scripts/server.mjs or not, and the configured proxy hops. */
function edgeTrust(): EdgeTrust {
  return { peerHeader: edgeServer() !== null, proxyHops: readConfig().trustProxyHops };
}

/**
 * The value a trusted proxy wrote in a comma-separated X-Forwarded-* header: the `hops`th from the right (each
 * proxy appends one), or the leftmost when there are fewer; what a client put in front of them is skipped.
 */
function forwarded(headers: Headers, name: string, hops: number): string | null {
  const values = (headers.get(name) ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return values.length ? values[Math.max(0, values.length - hops)]! : null;
}

/**
 * Cross-site request check for cookie-authenticated changes. Browsers send `Sec-Fetch-Site` (and `Origin` on
 * every cross-origin or non-GET fetch); a request from another site, or one that proves nothing, is refused.
 * `X-Forwarded-Host` stands for the host only behind a trusted proxy; otherwise a client could name it.
 * Returns true (same origin), false (cross-site) or null (no evidence either way: curl, scripts).
 */
export function sameOrigin(headers: Headers, trust: EdgeTrust = edgeTrust()): boolean | null {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (!origin) return null;
  const host =
    (trust.proxyHops > 0 ? forwarded(headers, "x-forwarded-host", trust.proxyHops) : null) ?? headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Whether a change must be refused as cross-site. A token is no ambient credential (a page of another site cannot
 * make the browser send one), so its calls need no proof; a sign-in cookie needs proof of Starlight's own pages;
 * and no one (sign-in, setup) may act from another site.
 */
export function crossSiteRefused(
  caller: "sign-in" | "token" | "anonymous",
  headers: Headers,
  trust: EdgeTrust = edgeTrust(),
): boolean {
  if (caller === "token") return false;
  const same = sameOrigin(headers, trust);
  return same === false || (same === null && caller === "sign-in");
}

/** An IPv4 client of a dual-stack socket shows as `::ffff:a.b.c.d`; the audit log shows it as `a.b.c.d`. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 100);

/**
 * The client's address, for rate limits and the audit log: the connection's (PEER_HEADER), or with trusted proxies
 * the address the outermost of them saw (X-Forwarded-For, counted from the right). "unknown" when neither is
 * known, as under `next dev`.
 */
export function clientIp(headers: Headers, trust: EdgeTrust = edgeTrust()): string {
  const viaProxy = trust.proxyHops > 0 ? forwarded(headers, "x-forwarded-for", trust.proxyHops) : null;
  const address = viaProxy ?? (trust.peerHeader ? headers.get(PEER_HEADER) : null);
  return address ? plainAddress(address) : "unknown";
}

/**
 * Whether the request reached us over HTTPS, which decides the cookie's Secure flag and HSTS: the URL's scheme,
 * or behind a trusted proxy the scheme it says the client used.
 */
export function isHttps(url: string, headers: Headers, trust: EdgeTrust = edgeTrust()): boolean {
  const proto = trust.proxyHops > 0 ? forwarded(headers, "x-forwarded-proto", trust.proxyHops) : null;
  return proto ? proto === "https" : url.startsWith("https:");
}

/** The Strict-Transport-Security value for answers that came over HTTPS (browsers ignore it over plain HTTP). */
export const HSTS = "max-age=31536000; includeSubDomains";
