import { describe, expect, it } from "vitest";
import { armDraw, assignArm, newSalt } from "@/lib/experiment/arm";

/** Fixed, UUID-shaped session ids, so the realised shares below are deterministic. */
function sessionIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`);
}

const IDS = sessionIds(10_000);

function holdoutShare(salt: string, share: number): number {
  return IDS.filter((id) => assignArm(id, salt, share) === "holdout").length / IDS.length;
}

describe("assignArm", () => {
  it("is stable for a session id and salt", () => {
    const id = "3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c";
    const first = assignArm(id, "salt-a", 0.5);
    for (let i = 0; i < 20; i++) expect(assignArm(id, "salt-a", 0.5)).toBe(first);
    expect(armDraw(id, "salt-a")).toBe(armDraw(id, "salt-a"));
  });

  it("draws u in [0, 1) from the first 6 bytes of SHA-256(salt:id)", () => {
    // `printf s:a | sha256sum` = d4315d83a95d…, so u = 0xd4315d83a95d / 2^48
    expect(armDraw("a", "s")).toBe(0xd4315d83a95d / 2 ** 48);
    for (const id of IDS.slice(0, 1000)) {
      const u = armDraw(id, "s");
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
  });

  it.each([0.05, 0.2, 0.5])("realises a holdout share within 1 point of %s over 10,000 ids", (share) => {
    expect(Math.abs(holdoutShare("period-1", share) - share)).toBeLessThanOrEqual(0.01);
  });

  it("never holds out when the share is 0", () => {
    expect(holdoutShare("period-1", 0)).toBe(0);
  });

  it("gives independent assignments under different salts", () => {
    const a = IDS.map((id) => assignArm(id, "salt-a", 0.5) === "holdout");
    const b = IDS.map((id) => assignArm(id, "salt-b", 0.5) === "holdout");
    // Independent halves agree on about half the ids (sd of the share: 0.005); the same salt agrees on all.
    const agree = a.filter((x, i) => x === b[i]).length / IDS.length;
    expect(Math.abs(agree - 0.5)).toBeLessThan(0.03);
    const both = a.filter((x, i) => x && b[i]).length / IDS.length;
    expect(Math.abs(both - 0.25)).toBeLessThan(0.03);
  });
});

describe("newSalt", () => {
  it("is 32 hex characters and fresh each time", () => {
    const salts = new Set(Array.from({ length: 50 }, () => newSalt()));
    expect(salts.size).toBe(50);
    for (const s of salts) expect(s).toMatch(/^[0-9a-f]{32}$/);
  });
});
