import { describe, expect, it } from "vitest";
import { waitingAgents, type StoredPart } from "./waiting-parts";

const part = (id: string, name: string, lineCount: number, receivedAt: number): StoredPart => ({ part: id, name, lineCount, receivedAt });

describe("waitingAgents", () => {
  it("pairs each sub-agent's transcript with its meta file, keeps a meta file alone, and sorts by id", () => {
    const parts = [
      part("a2", "s/subagents/agent-a2.jsonl", 40, 5),
      part("meta:a1", "s/subagents/agent-a1.meta.json", 1, 9),
      part("meta:a2", "s/subagents/agent-a2.meta.json", 1, 3),
    ];
    const described = new Map([
      ["a1", { agentType: "Explore", description: "Find the config" }],
      ["a2", { agentType: "general-purpose", description: null }],
    ]);
    expect(waitingAgents(parts, described)).toEqual([
      { id: "a1", file: null, lines: 0, receivedAt: 9, agentType: "Explore", description: "Find the config" },
      { id: "a2", file: "s/subagents/agent-a2.jsonl", lines: 40, receivedAt: 5, agentType: "general-purpose", description: null },
    ]);
  });

  it("describes a part without a meta file (a Codex thread, a Gemini chat) by its file alone, and leaves out a main part", () => {
    expect(waitingAgents([part("", "main.jsonl", 9, 1), part("019a-thread", "rollout-019a-thread.jsonl", 12, 2)], new Map())).toEqual([
      { id: "019a-thread", file: "rollout-019a-thread.jsonl", lines: 12, receivedAt: 2, agentType: null, description: null },
    ]);
  });
});
