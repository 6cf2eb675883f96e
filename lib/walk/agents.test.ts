import { describe, expect, it } from "vitest";
import { AGENTS, EXPECTED } from "./agents";
import { SOURCE_KINDS } from "./kinds";

describe("the agent registry", () => {
  it("has one entry per source kind, filed under its own kind, each saying what it looks for", () => {
    expect(Object.keys(AGENTS).sort()).toEqual([...SOURCE_KINDS].sort());
    for (const [kind, agent] of Object.entries(AGENTS)) {
      expect(agent.kind).toBe(kind);
      expect(EXPECTED).toContain(agent.expects);
    }
  });
});
