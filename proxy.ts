import { NextResponse, type NextRequest } from "next/server";
import { HSTS, isHttps } from "@/lib/http/same-origin";

/**
 * Pages only (the API, the OTLP receiver under /v1/ and static files are excluded by the matcher, so uploads are never buffered here):
 * a fresh nonce per request for a strict Content Security Policy, the path for the sign-in redirect, and HSTS
 * when the page came over HTTPS.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const dev = process.env.NODE_ENV === "development";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React and recharts set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("x-starlight-path", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  if (isHttps(request.url, request.headers)) response.headers.set("strict-transport-security", HSTS);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|v1/|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
