import { describe, expect, it } from "vitest";
import { finish } from "@/lib/cooperate";
import { elementStartLines, firstValueLine, moreValuesThan } from "@/lib/ingest/json-scan";

describe("firstValueLine", () => {
  it("skips leading blank lines", () => {
    expect(firstValueLine('{"a":1}')).toBe(1);
    expect(firstValueLine('\n\n  {"a":1}')).toBe(3);
  });
});

describe("elementStartLines", () => {
  it("maps each root array element to the line where it starts", () => {
    const text = '[\n  {"a": 1},\n  {\n    "b": [1,\n 2]\n  },\n\n  3\n]';
    expect(elementStartLines(text)).toEqual([2, 3, 8]);
  });

  it("ignores brackets, commas, quotes and newlines escaped inside strings", () => {
    const text = '[{"s": "a,]\\"[{"},\n{"s": "\\\\"},\n"x\\ny"]';
    expect(elementStartLines(text)).toEqual([1, 2, 3]);
  });

  it("handles compact and empty arrays", () => {
    expect(elementStartLines("[1,2,3]")).toEqual([1, 1, 1]);
    expect(elementStartLines("[]")).toEqual([]);
    expect(elementStartLines("[\n]")).toEqual([]);
  });

  it("finds the elements of a keyed array in the root object, skipping other keys and nested arrays", () => {
    const text =
      '{\n "other": [9, 9],\n "nested": {"top_patterns": [0]},\n "top_patterns": [\n  {"x": [1, 2]},\n  {"y": 2}\n ]\n}';
    expect(elementStartLines(text, "top_patterns")).toEqual([5, 6]);
  });

  it("returns nothing for a root object when no key is given", () => {
    expect(elementStartLines('{"a": [1, 2]}')).toEqual([]);
  });
});

describe("moreValuesThan", () => {
  const more = (text: string, limit: number) => finish(moreValuesThan(text, limit));

  it("counts each comma, brace and bracket of the first object or array as a value, none inside strings", () => {
    expect(more('[{}, {"a": [1, 2]}, "x,{[\\"]"]', 8)).toBe(false);
    expect(more('[{}, {"a": [1, 2]}, "x,{[\\"]"]', 7)).toBe(true);
    expect(more(`[${Array.from({ length: 1_001 }, () => "{}").join(",")}]`, 1_001)).toBe(true);
  });

  it("stops at the end of the first value, so JSONL is not counted past its first line", () => {
    const jsonl = Array.from({ length: 100 }, (_, i) => `{"id": ${i}, "tags": [1, 2]}`).join("\n");
    expect(more(jsonl, 5)).toBe(false);
    expect(more('  "text, with, commas"', 1)).toBe(false);
  });
});
