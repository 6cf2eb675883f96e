import { describe, expect, it } from "vitest";
import type { EnrolledSession } from "@/lib/experiment/contract";
import { csvField, experimentCsv } from "@/lib/experiment/csv";

const linked: EnrolledSession = {
  sessionId: "abc-1",
  arm: "holdout",
  deliveredAt: Date.UTC(2026, 0, 5, 9, 30),
  generation: 4,
  rules: ["verification", "focus"],
  outcome: {
    storedSessionId: 17,
    startedAt: Date.UTC(2026, 0, 5, 9, 31),
    success: 0.75,
    features: {
      operationCount: 60,
      filesModified: 3,
      verifiedAfterEdit: false,
      readBeforeEditRatio: null,
      delegated: true,
    },
    tokensByModel: {},
    durationMs: 90_000,
    toolErrors: 2,
    interruptions: 1,
    corrections: 0,
  },
};

const awaiting: EnrolledSession = {
  sessionId: '=HYPERLINK("x")',
  arm: "guidance",
  deliveredAt: 0,
  generation: null,
  rules: [],
  outcome: null,
};

describe("experimentCsv", () => {
  it("writes a header and one CRLF row per session", () => {
    const lines = experimentCsv([linked, awaiting]).split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(lines[0]).toBe(
      "session_id,arm,delivered_at,generation,rules,stored_session_id,started_at,success,operation_count,files_modified," +
        "verified_after_edit,read_before_edit_ratio,delegated,followed_read-before-edit,followed_verification," +
        "followed_delegation,followed_session-length,followed_focus,duration_ms,tool_errors,interruptions,corrections",
    );
    expect(lines[1]).toBe(
      "abc-1,holdout,2026-01-05T09:30:00.000Z,4,verification focus,17,2026-01-05T09:31:00.000Z,0.75,60,3,false,,true,,false,true,false,true,90000,2,1,0",
    );
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",guidance,1970-01-01T00:00:00.000Z,,,,,,,,,,,,,,,,,,,`);
  });

  it("is only a header without sessions", () => {
    expect(experimentCsv([]).split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("csvField", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField(null)).toBe("");
    expect(csvField(false)).toBe("false");
    expect(csvField(0)).toBe("0");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("=a,b")).toBe(`"'=a,b"`);
    expect(csvField("a=b")).toBe("a=b");
  });
});
