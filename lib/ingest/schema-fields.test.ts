import { describe, expect, it } from "vitest";
import { fraction, timestamp, toEpochMs, wholeNumber } from "@/lib/ingest/schema-fields";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("toEpochMs", () => {
  it("accepts times up to the last one a Date holds, and no later (found by fuzzing: 1e300 broke every page showing the time)", () => {
    expect(toEpochMs(8.64e15)).toBe(8.64e15);
    expect(toEpochMs(8640000000000001)).toBeNull();
  });

  it("accepts ISO strings and epoch milliseconds", () => {
    expect(toEpochMs("2026-10-01T00:00:00.000Z")).toBe(Date.UTC(2026, 9, 1));
    expect(toEpochMs("2026-10-01")).toBe(Date.UTC(2026, 9, 1));
    expect(toEpochMs(1790812800000)).toBe(1790812800000);
  });

  it("refuses everything else", () => {
    for (const value of [
      "yesterday",
      "1790812800000",
      "2026-13-45T00:00:00Z",
      -1,
      Number.NaN,
      null,
      true,
      {},
      8.64e15 + 1,
      1e300,
    ]) {
      expect(toEpochMs(value)).toBeNull();
    }
  });
});

describe("field schemas", () => {
  it("word their messages for people", () => {
    expect(firstMessage(fraction().safeParse(undefined))).toBe("required");
    expect(firstMessage(fraction().safeParse("high"))).toBe("expected a number, got string");
    expect(firstMessage(fraction().safeParse(7))).toBe("must be between 0 and 1");
    expect(firstMessage(fraction().safeParse(-0.1))).toBe("must be between 0 and 1");
    expect(firstMessage(wholeNumber(1).safeParse(0))).toBe("must be 1 or more");
    expect(firstMessage(wholeNumber(0).safeParse(1.5))).toBe("must be a whole number");
    expect(firstMessage(timestamp().safeParse("soon"))).toBe(
      'expected an ISO date string or epoch milliseconds, got "soon"',
    );
  });

  it("accepts the bounds", () => {
    expect(fraction().safeParse(0).success).toBe(true);
    expect(fraction().safeParse(1).success).toBe(true);
    expect(timestamp().parse("2026-10-01T00:00:00Z")).toBe(Date.UTC(2026, 9, 1));
  });
});
