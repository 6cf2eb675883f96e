import { describe, expect, it } from "vitest";
import { parseAcosPattern } from "@/lib/ingest/patterns";

const base = {
  sequence: "Read > Edit > Bash",
  type: "code_development",
  count: 12,
  avgSuccess: 0.91,
  discoveredAt: "2026-10-01T00:00:00Z",
  lastSeen: 1790900000000,
};

describe("parseAcosPattern", () => {
  it("maps a pattern, tolerating isNgram/ngramSize and defaulting absent fields to null", () => {
    expect(parseAcosPattern({ ...base, isNgram: true, ngramSize: 3 }, 2)).toEqual({
      ok: true,
      pattern: {
        sequence: "Read > Edit > Bash",
        type: "code_development",
        count: 12,
        avgSuccess: 0.91,
        discoveredAt: Date.UTC(2026, 9, 1),
        lastSeen: 1790900000000,
      },
    });
    expect(parseAcosPattern({ sequence: "A > B", count: 1, avgSuccess: 0 }, 1)).toEqual({
      ok: true,
      pattern: { sequence: "A > B", type: null, count: 1, avgSuccess: 0, discoveredAt: null, lastSeen: null },
    });
  });

  it("rejects bad counts, averages and sequences with line and field", () => {
    expect(parseAcosPattern({ ...base, count: 0 }, 4)).toEqual({
      ok: false,
      error: { line: 4, field: "count", message: "must be 1 or more" },
    });
    expect(parseAcosPattern({ ...base, count: 2.5 }, 4)).toMatchObject({
      error: { field: "count", message: "must be a whole number" },
    });
    expect(parseAcosPattern({ ...base, avgSuccess: 1.2 }, 4)).toMatchObject({
      error: { field: "avgSuccess", message: "must be between 0 and 1" },
    });
    expect(parseAcosPattern({ ...base, sequence: "" }, 4)).toMatchObject({ error: { field: "sequence" } });
    // A sequence the index over stored patterns could not hold (PostgreSQL refused one of 5,032 bytes with a 500).
    expect(parseAcosPattern({ ...base, sequence: "Read > ".repeat(300) + "Edit" }, 4)).toEqual({
      ok: false,
      error: { line: 4, field: "sequence", message: "longer than 2,000 bytes" },
    });
    expect(parseAcosPattern("Read > Edit", 4)).toEqual({
      ok: false,
      error: { line: 4, field: null, message: "expected a JSON object" },
    });
    // Found by fuzzing: a time no Date can hold.
    expect(
      parseAcosPattern({ sequence: "Read", count: 1, avgSuccess: 0, discoveredAt: 8640000000000001 }, 4),
    ).toMatchObject({ error: { field: "discoveredAt" } });
  });
});
