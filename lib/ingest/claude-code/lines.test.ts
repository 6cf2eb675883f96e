import { describe, expect, it } from "vitest";
import {
  asObject,
  contentBlocks,
  countField,
  messageOf,
  stringField,
  textOf,
  timestampOf,
} from "@/lib/ingest/claude-code/lines";

describe("transcript line accessors", () => {
  it("answer null or empty for anything missing or of another type", () => {
    expect(asObject([1])).toBeNull();
    expect(stringField({ a: 1 }, "a")).toBeNull();
    expect(stringField(null, "a")).toBeNull();
    expect(countField({ a: "3" }, "a")).toBe(0);
    expect(countField({ a: Number.NaN }, "a")).toBe(0);
    expect(messageOf({ message: "hi" })).toBeNull();
    expect(contentBlocks("text")).toEqual([]);
    expect(timestampOf({ timestamp: "soon" })).toBeNull();
    expect(timestampOf({ timestamp: 5 })).toBeNull();
  });

  it("count only whole numbers from 0 to 2^53 − 1 (found by fuzzing: -5e-324 and 1e308 tokens broke the totals)", () => {
    for (const value of [-1, -5e-324, 0.5, 1e308, 2 ** 53, Number.POSITIVE_INFINITY])
      expect(countField({ a: value }, "a")).toBe(0);
    expect(countField({ a: 2 ** 53 - 1 }, "a")).toBe(2 ** 53 - 1);
  });

  it("read what is there", () => {
    expect(countField({ input_tokens: 12 }, "input_tokens")).toBe(12);
    expect(contentBlocks([{ type: "text" }, "x", null])).toEqual([{ type: "text" }]);
    expect(timestampOf({ timestamp: "2025-06-10T12:36:23.208Z" })).toBe(Date.UTC(2025, 5, 10, 12, 36, 23, 208));
  });

  it("textOf joins text blocks and ignores the others", () => {
    expect(textOf("plain")).toBe("plain");
    expect(
      textOf([
        { type: "text", text: "a" },
        { type: "tool_result", content: "x" },
        { type: "text", text: "b" },
      ]),
    ).toBe("a\nb");
    expect(textOf([{ type: "image" }])).toBeNull();
    expect(textOf(undefined)).toBeNull();
  });
});
