import { describe, expect, it } from "vitest";
import { newSetupCode, normalizeSetupCode, setupCodeHash, setupCodeMatches } from "./setup-code";

describe("newSetupCode", () => {
  it("is three groups of four unambiguous letters and digits", () => {
    for (let i = 0; i < 200; i++)
      expect(newSetupCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  it("is different every time", () => {
    expect(new Set(Array.from({ length: 1000 }, () => newSetupCode())).size).toBe(1000);
  });

  it("draws every symbol from the random source", () => {
    expect(newSetupCode(() => 0)).toBe("AAAA-AAAA-AAAA");
    expect(newSetupCode((max) => max - 1)).toBe("9999-9999-9999");
  });
});

describe("setupCodeMatches", () => {
  it("accepts the code however it is typed: case, spaces and dashes do not matter", () => {
    expect(setupCodeMatches("abcd-efgh-jkmn", "ABCD-EFGH-JKMN")).toBe(true);
    expect(setupCodeMatches(" ABCD EFGH JKMN ", "ABCD-EFGH-JKMN")).toBe(true);
    expect(normalizeSetupCode("ab-cd ef")).toBe("ABCDEF");
  });

  it("refuses any other code, a prefix, and the empty code", () => {
    expect(setupCodeMatches("ABCD-EFGH-JKMP", "ABCD-EFGH-JKMN")).toBe(false);
    expect(setupCodeMatches("ABCD-EFGH", "ABCD-EFGH-JKMN")).toBe(false);
    expect(setupCodeMatches("", "ABCD-EFGH-JKMN")).toBe(false);
    expect(setupCodeMatches("", "")).toBe(false);
    expect(setupCodeMatches("--", "-")).toBe(false);
  });
});

describe("setupCodeHash", () => {
  it("is the same however the code is typed, and differs between codes", () => {
    expect(setupCodeHash("abcd efgh-jkmn")).toBe(setupCodeHash("ABCD-EFGH-JKMN"));
    expect(setupCodeHash("ABCD-EFGH-JKMP")).not.toBe(setupCodeHash("ABCD-EFGH-JKMN"));
    expect(setupCodeHash("ABCD-EFGH-JKMN")).toMatch(/^[0-9a-f]{64}$/);
  });
});
