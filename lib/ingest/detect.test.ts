import { describe, expect, it } from "vitest";
import { describeUnrecognised, detectFormat, detectRecord } from "@/lib/ingest/detect";

const at = (...values: unknown[]) => values.map((value, i) => ({ line: i + 1, value }));

describe("detectRecord", () => {
  it("recognises ACOS trajectories, including incomplete ones", () => {
    expect(detectRecord({ id: "x", successScore: 0.5 })).toBe("acos-trajectories");
    expect(detectRecord({ successScore: 0.5 })).toBe("acos-trajectories");
    expect(detectRecord({ id: "traj_1_abcd" })).toBe("acos-trajectories");
    expect(detectRecord({ id: "x", startedAt: 1, type: "auto", sessionId: "s" })).toBe("acos-trajectories");
  });

  it("recognises Gemini CLI records: metadata, messages, $set and $rewindTo, and not Claude Code lines", () => {
    expect(detectRecord({ sessionId: "s", projectHash: "h", startTime: "2026-10-01T10:00:00Z", kind: "main" })).toBe(
      "gemini",
    );
    expect(detectRecord({ id: "m", timestamp: "2026-10-01T10:00:00Z", type: "gemini", content: "" })).toBe("gemini");
    expect(detectRecord({ $set: { lastUpdated: "2026-10-01T10:00:00Z" } })).toBe("gemini");
    expect(detectRecord({ $rewindTo: "m" })).toBe("gemini");
    expect(detectRecord({ id: "m", type: "user", content: "hi", sessionId: "s" })).toBe("claude-code");
  });

  it("recognises ACOS patterns", () => {
    expect(detectRecord({ sequence: "Read > Edit", count: 2, avgSuccess: 0.5 })).toBe("acos-patterns");
  });

  it("recognises Claude Code lines, bookkeeping lines and summaries", () => {
    expect(detectRecord({ type: "user", uuid: "u", parentUuid: null, sessionId: "s" })).toBe("claude-code");
    expect(detectRecord({ type: "permission-mode", permissionMode: "default", sessionId: "s" })).toBe("claude-code");
    expect(detectRecord({ type: "file-history-snapshot", messageId: "m", snapshot: {} })).toBe("claude-code");
    expect(detectRecord({ type: "summary", summary: "Fixing tests", leafUuid: "u" })).toBe("claude-code");
  });

  it("recognises a sub-agent's meta file", () => {
    expect(
      detectRecord({
        agentType: "general-purpose",
        description: "Research plan mode",
        worktreePath: "/r/.claude/worktrees/a",
      }),
    ).toBe("claude-code-agent-meta");
    expect(detectRecord({ agentType: "Explore", type: "user", uuid: "u", parentUuid: null })).toBe("claude-code");
  });

  it("does not mistake an ACOS record's type and sessionId for a transcript", () => {
    expect(detectRecord({ id: "traj_1_a", sessionId: "s", type: "code_development", successScore: 1 })).toBe(
      "acos-trajectories",
    );
  });

  it("recognises nothing in other values", () => {
    for (const value of [{ hello: 1 }, { id: "x" }, [1], 1, "s", null]) expect(detectRecord(value)).toBeNull();
  });
});

describe("detectFormat", () => {
  it("lets the first recognisable record decide", () => {
    expect(detectFormat(at({ hello: 1 }, { id: "x", successScore: 1 }), null)).toBe("acos-trajectories");
    expect(detectFormat(at({ hello: 1 }), null)).toBe("unknown");
  });

  it("treats a top_patterns wrapper as patterns even when empty", () => {
    expect(detectFormat([], "top_patterns")).toBe("acos-patterns");
  });
});

describe("describeUnrecognised", () => {
  it("says what was expected and what was found", () => {
    expect(describeUnrecognised({ hello: "world", items: [1] }, "single")).toMatch(
      /^expected ACOS trajectories .*found an object with keys hello, items$/,
    );
    expect(describeUnrecognised(1, "array")).toMatch(/found an array whose first element is a number$/);
    expect(describeUnrecognised({}, "jsonl")).toMatch(/found JSON lines whose first element is an empty object$/);
  });
});
