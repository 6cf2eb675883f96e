import { describe, expect, it } from "vitest";
import { uploadPhase, uploadPhases } from "./order";

describe("uploadPhase", () => {
  it("puts main transcripts and ACOS files first", () => {
    expect(uploadPhase("-Users-me-app/ef958aa1.jsonl")).toBe(0);
    expect(uploadPhase("trajectories.jsonl")).toBe(0);
    expect(uploadPhase("patterns.json")).toBe(0);
  });

  it("puts sub-agent transcripts, nested or flat, second", () => {
    expect(uploadPhase("-x/ef958aa1/subagents/agent-a36e.jsonl")).toBe(1);
    expect(uploadPhase("-src-deep-manifest/agent-c8d9b115.jsonl")).toBe(1);
  });

  it("puts sub-agent meta files last", () => {
    expect(uploadPhase("-x/ef958aa1/subagents/agent-a36e.meta.json")).toBe(2);
  });
});

describe("uploadPhases", () => {
  it("groups by phase, sorts by path and drops empty phases", () => {
    const paths = ["b/s/subagents/agent-2.jsonl", "b/s.jsonl", "a/agent-1.jsonl", "a/z.jsonl", "a/m.jsonl"];
    expect(uploadPhases(paths, (p) => p)).toEqual([
      ["a/m.jsonl", "a/z.jsonl", "b/s.jsonl"],
      ["a/agent-1.jsonl", "b/s/subagents/agent-2.jsonl"],
    ]);
  });

  it("returns no phases for no items", () => {
    expect(uploadPhases([], (p: string) => p)).toEqual([]);
  });
});
