import { describe, expect, it } from "vitest";
import { clientIp, isHttps, sameOrigin } from "./same-origin";

const h = (init: Record<string, string>) => new Headers(init);

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
    expect(sameOrigin(h({ "sec-fetch-site": "cross-site", origin: "http://localhost:3000", host: "localhost:3000" }))).toBe(false);
  });

  it("without Sec-Fetch-Site, compares Origin with Host, port included", () => {
    expect(sameOrigin(h({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBe(true);
    expect(sameOrigin(h({ origin: "https://starlight.example", host: "starlight.example" }))).toBe(true);
    expect(sameOrigin(h({ origin: "http://localhost:4000", host: "localhost:3000" }))).toBe(false);
    expect(sameOrigin(h({ origin: "https://evil.example", host: "starlight.example" }))).toBe(false);
  });

  it("behind a proxy, compares Origin with X-Forwarded-Host", () => {
    expect(sameOrigin(h({ origin: "https://starlight.example", host: "127.0.0.1:3000", "x-forwarded-host": "starlight.example" }))).toBe(true);
    expect(sameOrigin(h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "starlight.example" }))).toBe(false);
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
  it("takes the first hop of X-Forwarded-For, trimmed", () => {
    expect(clientIp(h({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("falls back to X-Real-IP, then unknown", () => {
    expect(clientIp(h({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIp(h({ "x-forwarded-for": "", "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIp(h({}))).toBe("unknown");
  });
});

describe("isHttps", () => {
  it("is true for an https URL or a proxy that says the first hop was https", () => {
    expect(isHttps("https://starlight.example/api", h({}))).toBe(true);
    expect(isHttps("http://127.0.0.1:3000/api", h({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(isHttps("http://127.0.0.1:3000/api", h({ "x-forwarded-proto": "https, http" }))).toBe(true);
  });

  it("is false for plain http", () => {
    expect(isHttps("http://localhost:3000/api", h({}))).toBe(false);
    expect(isHttps("http://localhost:3000/api", h({ "x-forwarded-proto": "http, https" }))).toBe(false);
  });
});
