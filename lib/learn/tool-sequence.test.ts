import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/trajectory";
import { recordUse, toolSequence } from "./tool-sequence";

const ops = (tools: string, delegated: number[] = []): Operation[] =>
  tools.split(" ").map((tool, seq) => ({ seq, tool, file: null, command: null, isError: false, at: null, delegated: delegated.includes(seq), output: null }));

describe("toolSequence", () => {
  it("collapses consecutive repeats", () => expect(toolSequence(ops("Read Read Edit Edit Bash Read"))).toBe("Read > Edit > Bash > Read"));
  it("keeps the first ten steps", () =>
    expect(toolSequence(ops("A B A B A B A B A B A B"))).toBe("A > B > A > B > A > B > A > B > A > B"));
  it("leaves out sub-agents' calls", () => expect(toolSequence(ops("Read Grep Grep Edit", [1, 2]))).toBe("Read > Edit"));
  it("is null for one tool or none", () => {
    expect(toolSequence(ops("Read Read Read"))).toBeNull();
    expect(toolSequence([])).toBeNull();
  });
});

describe("recordUse", () => {
  it("starts a new pattern at one use", () => expect(recordUse(undefined, 0.8)).toEqual({ count: 1, avgSuccess: 0.8 }));
  it("keeps the running mean", () => expect(recordUse({ count: 3, avgSuccess: 0.6 }, 1)).toEqual({ count: 4, avgSuccess: 0.7 }));
});
