import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

const PASSWORD = "correct horse battery staple";

describe("hashPassword and verifyPassword", () => {
  // One hash of PASSWORD (32 MiB of scrypt work) for the cases that only read one; salting makes its own two.
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword(PASSWORD);
  });

  it("accepts the password the hash was made from", async () => {
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });

  it("refuses any other password, however close", async () => {
    for (const wrong of ["", "correct horse battery stapl", "Correct horse battery staple", `${PASSWORD} `]) {
      expect(await verifyPassword(wrong, stored), JSON.stringify(wrong)).toBe(false);
    }
  });

  it("stores scrypt with its cost parameters, a 16-byte salt and a 32-byte key", () => {
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it("salts every hash differently, so equal passwords do not give equal hashes", async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(PASSWORD, b)).toBe(true);
  });

  it("keeps nothing of the password in the stored string, in clear, base64 or hex", () => {
    const bytes = Buffer.from(PASSWORD);
    for (const form of [
      PASSWORD,
      bytes.toString("base64"),
      bytes.toString("base64url"),
      bytes.toString("hex"),
      "horse",
    ]) {
      expect(stored).not.toContain(form);
    }
  });

  it("compares Unicode passwords in one normal form", async () => {
    const ligature = await hashPassword("ﬁnally-a-ligature");
    expect(await verifyPassword("finally-a-ligature", ligature)).toBe(true);
  });

  it("answers false, without throwing, for a malformed stored hash", async () => {
    const [, n, r, p, salt, key] = stored.split("$");
    const malformed = [
      "",
      PASSWORD,
      `bcrypt$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$${n}$${r}$${p}$$${key}`,
      `scrypt$abc$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$0$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$-1$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}$${key!.slice(0, 20)}`,
      `scrypt$3$${r}$${p}$${salt}$${key}`,
    ];
    for (const hash of malformed) expect(await verifyPassword(PASSWORD, hash), hash).toBe(false);
  });

  it("refuses a hash whose key was tampered with", async () => {
    const parts = stored.split("$");
    const key = Buffer.from(parts[5]!, "base64url");
    key[0]! ^= 1;
    parts[5] = key.toString("base64url");
    expect(await verifyPassword(PASSWORD, parts.join("$"))).toBe(false);
  });
});
