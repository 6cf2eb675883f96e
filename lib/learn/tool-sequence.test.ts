import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/session";
import { makeSession } from "@/test/factories/session";
import { classifyPattern } from "./classify";
import { MAX_SEQUENCE_BYTES, recordUse, reinforcedPattern, remembersPattern, toolSequence } from "./tool-sequence";

const ops = (tools: string, delegated: number[] = []): Operation[] =>
  tools.split(" ").map((tool, seq) => ({
    seq,
    tool,
    file: null,
    command: null,
    isError: false,
    at: null,
    delegated: delegated.includes(seq),
    output: null,
  }));

describe("toolSequence", () => {
  it("collapses consecutive repeats", () =>
    expect(toolSequence(ops("Read Read Edit Edit Bash Read"))).toBe("Read > Edit > Bash > Read"));
  it("keeps the first ten steps", () =>
    expect(toolSequence(ops("A B A B A B A B A B A B"))).toBe("A > B > A > B > A > B > A > B > A > B"));
  it("cuts a tool name at 64 characters, so that ten of the widest still fit in 2,000 bytes", () => {
    const long = "x".repeat(5_000);
    expect(toolSequence(ops(`Read ${long} ${long}y Edit`))).toBe(`Read > ${"x".repeat(64)} > Edit`);
    const widest = Array.from({ length: 10 }, (_, i) => `${i}${"€".repeat(500)}`).join(" ");
    expect(Buffer.byteLength(toolSequence(ops(widest))!)).toBeLessThanOrEqual(MAX_SEQUENCE_BYTES);
    const astral = Array.from({ length: 10 }, (_, i) => `${i}${"😀".repeat(500)}`).join(" ");
    expect(Buffer.byteLength(toolSequence(ops(astral))!)).toBeLessThanOrEqual(MAX_SEQUENCE_BYTES);
  });
  it("leaves out sub-agents' calls", () =>
    expect(toolSequence(ops("Read Grep Grep Edit", [1, 2]))).toBe("Read > Edit"));
  it("is null for one tool or none", () => {
    expect(toolSequence(ops("Read Read Read"))).toBeNull();
    expect(toolSequence([])).toBeNull();
  });
});

describe("recordUse", () => {
  it("starts a new pattern at one use", () => expect(recordUse(undefined, 0.8)).toEqual({ count: 1, avgSuccess: 0.8 }));
  it("keeps the running mean", () =>
    expect(recordUse({ count: 3, avgSuccess: 0.6 }, 1)).toEqual({ count: 4, avgSuccess: 0.7 }));
});

describe("reinforcedPattern", () => {
  const session = makeSession({
    domain: "testing",
    startedAt: 1_000,
    endedAt: 5_000,
    success: { score: 1, source: "reported", signals: [] },
  });
  it("starts a pattern typed by the session's domain, first and last seen by it", () =>
    expect(reinforcedPattern("Read > Edit", undefined, session)).toEqual({
      sequence: "Read > Edit",
      type: "testing",
      count: 1,
      avgSuccess: 1,
      discoveredAt: 1_000,
      lastSeen: 5_000,
    }));
  it("adds a use to a stored pattern, keeping its type and first sighting", () =>
    expect(
      reinforcedPattern("Read > Edit", { count: 1, avgSuccess: 0, type: "debugging", discoveredAt: 10 }, session),
    ).toEqual({
      sequence: "Read > Edit",
      type: "debugging",
      count: 2,
      avgSuccess: 0.5,
      discoveredAt: 10,
      lastSeen: 5_000,
    }));
});

describe("remembersPattern", () => {
  const category = (count: number, avgSuccess: number) => classifyPattern({ count, avgSuccess });
  it("makes no memory of a Claude Code tool sequence used once, or without a success association", () => {
    expect(remembersPattern("claude-code", category(1, 1))).toBe(false);
    expect(remembersPattern("claude-code", category(2, 0.95))).toBe(false);
    expect(remembersPattern("codex", category(8, 0.5))).toBe(false);
  });
  it("remembers one used in several sessions that mostly succeeded", () =>
    expect(remembersPattern("claude-code", category(3, 0.9))).toBe(true));
  it("keeps every pattern ACOS recorded of its own", () =>
    expect(remembersPattern("acos", category(1, 0.4))).toBe(true));
});
