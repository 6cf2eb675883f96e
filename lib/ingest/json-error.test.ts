import { describe, expect, it } from "vitest";
import { locateJsonError } from "@/lib/ingest/json-error";

describe("locateJsonError", () => {
  it("returns null for valid JSON", () => {
    for (const text of ['{"a": [1, -2.5e3, true, false, null, "x\\u00e9"]}', " [] ", '"s"', "0"]) {
      expect(locateJsonError(text)).toBeNull();
    }
  });

  it("names line and column of the first error", () => {
    expect(locateJsonError('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({
      line: 3,
      column: 3,
      message: expect.stringContaining("expected ',' or '}' after property value"),
    });
    expect(locateJsonError('{\n "a": tru\n}')).toMatchObject({ line: 2, column: 7 });
    expect(locateJsonError("[1, 2,]")).toMatchObject({ line: 1, column: 7, message: 'unexpected character "]"' });
    expect(locateJsonError("{'a': 1}")).toMatchObject({
      line: 1,
      column: 2,
      message: expect.stringContaining("double-quoted property name"),
    });
  });

  it("reports truncation at the end of the text", () => {
    expect(locateJsonError('{\n "a": [1, 2')).toEqual({ line: 2, column: 12, message: "unexpected end of input" });
    expect(locateJsonError('{"a": "unterminated')).toMatchObject({
      line: 1,
      column: 20,
      message: "unexpected end of input",
    });
  });

  it("rejects raw control characters in strings and trailing garbage", () => {
    expect(locateJsonError('"a\tb"')).toMatchObject({ column: 3 });
    expect(locateJsonError("{} {}")).toMatchObject({ column: 4, message: expect.stringContaining("end of input") });
  });
});
