import { describe, expect, it } from "vitest";
import { clientIp, crossSiteRefused, isHttps, sameOrigin, type EdgeTrust } from "./same-origin";

const h = (init: Record<string, string>) => new Headers(init);

/** Behind scripts/server.mjs (which sets x-starlight-peer from the socket), with no proxy trusted: the default. */
const DIRECT: EdgeTrust = { peerHeader: true, proxyHops: 0 };
/** Behind scripts/server.mjs and one trusted reverse proxy (STARLIGHT_TRUST_PROXY=1). */
const ONE_PROXY: EdgeTrust = { peerHeader: true, proxyHops: 1 };

describe("sameOrigin", () => {
  it("trusts Sec-Fetch-Site: same-origin and none (typed address, bookmark)", () => {
    expect(sameOrigin(h({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(sameOrigin(h({ "sec-fetch-site": "none" }))).toBe(true);
  });

  it("refuses Sec-Fetch-Site: cross-site and same-site (a sibling subdomain is another origin)", () => {
    expect(sameOrigin(h({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(sameOrigin(h({ "sec-fetch-site": "same-site" }))).toBe(false);
  });

  it("lets Sec-Fetch-Site win over a matching Origin", () => {
    expect(
      sameOrigin(h({ "sec-fetch-site": "cross-site", origin: "http://localhost:3000", host: "localhost:3000" })),
    ).toBe(false);
  });

  it("without Sec-Fetch-Site, compares Origin with Host, port included", () => {
    expect(sameOrigin(h({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBe(true);
    expect(sameOrigin(h({ origin: "https://starlight.example", host: "starlight.example" }))).toBe(true);
    expect(sameOrigin(h({ origin: "http://localhost:4000", host: "localhost:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "https://evil.example", host: "starlight.example" }))).toBe(false);
  });

  it("behind a trusted proxy, compares Origin with X-Forwarded-Host", () => {
    expect(
      sameOrigin(
        h({ origin: "https://starlight.example", host: "127.0.0.1:3000", "x-forwarded-host": "starlight.example" }),
        ONE_PROXY,
      ),
    ).toBe(true);
    expect(
      sameOrigin(
        h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "starlight.example" }),
        ONE_PROXY,
      ),
    ).toBe(false);
  });

  it("ignores X-Forwarded-Host unless a proxy is trusted: a client cannot name the host its Origin must match", () => {
    expect(
      sameOrigin(
        h({ origin: "https://evil.example", host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }),
        DIRECT,
      ),
    ).toBe(false);
    expect(
      sameOrigin(
        h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" }),
        DIRECT,
      ),
    ).toBe(true);
  });

  it("refuses an opaque or garbled Origin, and an Origin with no Host to compare", () => {
    expect(sameOrigin(h({ origin: "null", host: "localhost:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "not a url", host: "localhost:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "http://localhost:3000" }))).toBe(false);
  });

  it("has no opinion without either header (curl, scripts)", () => {
    expect(sameOrigin(h({}))).toBeNull();
    expect(sameOrigin(h({ host: "localhost:3000", referer: "https://evil.example/" }))).toBeNull();
  });
});

describe("clientIp", () => {
  it("is the connection's address (x-starlight-peer), whatever X-Forwarded-For or X-Real-IP claim, unless a proxy is trusted", () => {
    const spoofed = {
      "x-starlight-peer": "192.0.2.50",
      "x-forwarded-for": "203.0.113.7, 10.0.0.1",
      "x-real-ip": "198.51.100.2",
    };
    expect(clientIp(h(spoofed), DIRECT)).toBe("192.0.2.50");
  });

  it("shows an IPv4 client of a dual-stack socket as IPv4", () => {
    expect(clientIp(h({ "x-starlight-peer": "::ffff:192.0.2.50" }), DIRECT)).toBe("192.0.2.50");
    expect(clientIp(h({ "x-starlight-peer": "2001:db8::1" }), DIRECT)).toBe("2001:db8::1");
  });

  it("never believes x-starlight-peer outside scripts/server.mjs, where the client could have sent it", () => {
    expect(
      clientIp(h({ "x-starlight-peer": "192.0.2.50", "x-forwarded-for": "203.0.113.7" }), {
        peerHeader: false,
        proxyHops: 0,
      }),
    ).toBe("unknown");
  });

  it("with N trusted proxies takes the Nth address from the right of X-Forwarded-For, so what a client prepends is skipped", () => {
    const headers = h({ "x-starlight-peer": "127.0.0.1", "x-forwarded-for": "spoofed, 203.0.113.7, 10.0.0.2" });
    expect(clientIp(headers, ONE_PROXY)).toBe("10.0.0.2");
    expect(clientIp(headers, { peerHeader: true, proxyHops: 2 })).toBe("203.0.113.7");
    expect(clientIp(h({ "x-starlight-peer": "127.0.0.1", "x-forwarded-for": " 203.0.113.7 " }), ONE_PROXY)).toBe(
      "203.0.113.7",
    );
  });

  it("with more trusted hops than addresses takes the leftmost; without X-Forwarded-For, the connection's address", () => {
    expect(
      clientIp(h({ "x-starlight-peer": "127.0.0.1", "x-forwarded-for": "203.0.113.7" }), {
        peerHeader: true,
        proxyHops: 3,
      }),
    ).toBe("203.0.113.7");
    expect(clientIp(h({ "x-starlight-peer": "127.0.0.1" }), ONE_PROXY)).toBe("127.0.0.1");
    expect(clientIp(h({ "x-starlight-peer": "127.0.0.1", "x-forwarded-for": " , " }), ONE_PROXY)).toBe("127.0.0.1");
  });

  it("caps what it records at 100 characters", () => {
    expect(
      clientIp(h({ "x-starlight-peer": "127.0.0.1", "x-forwarded-for": "x".repeat(500) }), ONE_PROXY),
    ).toHaveLength(100);
  });
});

describe("isHttps", () => {
  it("is true for an https URL, or behind a trusted proxy that says the client's hop was https", () => {
    expect(isHttps("https://starlight.example/api", h({}), DIRECT)).toBe(true);
    expect(isHttps("http://127.0.0.1:3000/api", h({ "x-forwarded-proto": "https" }), ONE_PROXY)).toBe(true);
    expect(isHttps("http://127.0.0.1:3000/api", h({ "x-forwarded-proto": "http, https" }), ONE_PROXY)).toBe(true);
  });

  it("is false for plain http, and ignores X-Forwarded-Proto unless a proxy is trusted", () => {
    expect(isHttps("http://localhost:3000/api", h({}), DIRECT)).toBe(false);
    expect(isHttps("http://localhost:3000/api", h({ "x-forwarded-proto": "https" }), DIRECT)).toBe(false);
    expect(isHttps("http://localhost:3000/api", h({ "x-forwarded-proto": "https, http" }), ONE_PROXY)).toBe(false);
  });
});

describe("crossSiteRefused", () => {
  it("never refuses a token call: a token is no ambient credential, whatever Origin the caller sends", () => {
    expect(crossSiteRefused("token", h({ origin: "https://evil.example", host: "localhost:3000" }), DIRECT)).toBe(
      false,
    );
    expect(crossSiteRefused("token", h({ "sec-fetch-site": "cross-site" }), DIRECT)).toBe(false);
  });

  it("refuses a sign-in cookie without proof of Starlight's own pages, and anyone from another site", () => {
    expect(crossSiteRefused("sign-in", h({}), DIRECT)).toBe(true);
    expect(crossSiteRefused("sign-in", h({ "sec-fetch-site": "cross-site" }), DIRECT)).toBe(true);
    expect(crossSiteRefused("sign-in", h({ "sec-fetch-site": "same-origin" }), DIRECT)).toBe(false);
    expect(crossSiteRefused("anonymous", h({ "sec-fetch-site": "cross-site" }), DIRECT)).toBe(true);
    expect(crossSiteRefused("anonymous", h({}), DIRECT)).toBe(false);
  });
});
