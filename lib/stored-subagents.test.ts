import { describe, expect, it } from "vitest";
import { storedSubagents } from "@/lib/stored-subagents";

describe("storedSubagents", () => {
  it("reads the sub-agents a Claude Code session's raw record keeps, an older one's without a workflow", () => {
    const a = {
      agentId: "a1",
      agentType: "Explore",
      description: "map the cart",
      workflow: "claim-sweep",
      operationCount: 4,
    };
    expect(storedSubagents({ sessionId: "s", files: [], subagents: [a] })).toEqual([a]);
    expect(
      storedSubagents({ subagents: [{ agentId: "b", agentType: null, description: null, operationCount: 0 }] }),
    ).toEqual([{ agentId: "b", agentType: null, description: null, workflow: null, operationCount: 0 }]);
  });

  it("is empty for records that keep none, or keep something else under that name", () => {
    expect(storedSubagents({ sessionId: "s", files: [] })).toEqual([]);
    expect(storedSubagents("not json")).toEqual([]);
    expect(storedSubagents({ subagents: [{ agentId: 1 }] })).toEqual([]);
  });
});
