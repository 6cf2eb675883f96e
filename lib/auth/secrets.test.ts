import { describe, expect, it } from "vitest";
import { newApiToken, newSecret, secretHash, TOKEN_PREFIX, tokenDisplayPrefix } from "./secrets";

describe("newSecret", () => {
  it("is 32 random bytes in base64url", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
  });

  it("never repeats", () => {
    const secrets = new Set(Array.from({ length: 1000 }, newSecret));
    expect(secrets.size).toBe(1000);
  });
});

describe("newApiToken", () => {
  it("is sl_ followed by a fresh secret", () => {
    expect(TOKEN_PREFIX).toBe("sl_");
    const token = newApiToken();
    expect(token).toMatch(/^sl_[A-Za-z0-9_-]{43}$/);
    expect(newApiToken()).not.toBe(token);
  });
});

describe("tokenDisplayPrefix", () => {
  it("shows sl_ and six characters of the secret", () => {
    expect(tokenDisplayPrefix("sl_abcdefghijklmnop")).toBe("sl_abcdef");
    const token = newApiToken();
    expect(tokenDisplayPrefix(token)).toHaveLength(9);
    expect(token.startsWith(tokenDisplayPrefix(token))).toBe(true);
  });
});

describe("secretHash", () => {
  it("is the SHA-256 of the secret in hex", () => {
    expect(secretHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(secretHash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("is deterministic, differs per secret and does not contain it", () => {
    const token = newApiToken();
    expect(secretHash(token)).toBe(secretHash(token));
    expect(secretHash(token)).not.toBe(secretHash(newApiToken()));
    expect(secretHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash(token)).not.toContain(token.slice(TOKEN_PREFIX.length));
  });
});
