import { describe, expect, it } from "vitest";
import { storableText, storableValue } from "./storable-text";

describe("storableText", () => {
  it("keeps well-formed text as it is, pairs of surrogates and non-ASCII included", () => {
    for (const text of ["", "plain", "café ✓", "emoji 😀 pair", "tab\tand\nnewline"])
      expect(storableText(text)).toBe(text);
  });

  it("replaces each NUL and each lone surrogate, at either end or inside, with U+FFFD", () => {
    expect(storableText("a\u0000b")).toBe("a\ufffdb");
    expect(storableText("\ud800x")).toBe("\ufffdx");
    expect(storableText("x\udc00")).toBe("x\ufffd");
    expect(storableText("😀\ud83d")).toBe("😀\ufffd");
    expect(storableText("\u0000😀\udfff\u0000")).toBe("\ufffd😀\ufffd\ufffd");
  });

  it("maps the strings of an array and leaves other values alone", () => {
    expect(storableValue(["ok", "a\u0000", 3, null])).toEqual(["ok", "a\ufffd", 3, null]);
    expect(storableValue(7)).toBe(7);
  });
});
