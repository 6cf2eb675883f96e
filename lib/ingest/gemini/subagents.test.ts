import { describe, expect, it } from "vitest";
import { withSubagents } from "@/lib/ingest/gemini/subagents";
import type { Operation, Session } from "@/lib/session";
import { makeSession } from "@/test/factories/session";

const op = (tool: string, at: number, file: string | null = null): Operation => ({
  seq: 0,
  tool,
  file,
  command: null,
  isError: false,
  at,
  delegated: false,
  output: null,
});
const tokens = (input: number) => ({
  input,
  output: 10,
  cacheRead: 0,
  cacheCreation: 0,
  reasoning: 2,
  cacheCreationHour: 0,
});

function session(over: Partial<Session>): Session {
  const operations = (over.operations ?? []).map((o, seq) => ({ ...o, seq }));
  return makeSession({
    format: "gemini",
    agent: "gemini-cli",
    events: { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
    success: { score: 0.6, source: "heuristic", signals: [] },
    ...over,
    operations,
    operationCount: operations.length,
  });
}

describe("withSubagents", () => {
  const parent = session({
    externalId: "p",
    task: "fix the cart",
    startedAt: 1000,
    endedAt: 5000,
    operations: [op("Task", 1500), op("Edit", 4000, "/w/cart.ts")],
    tokensByModel: { "gemini-2.5-pro": tokens(100) },
    tokens: { input: 100, output: 10, cacheRead: 0, cacheCreation: 0 },
    models: ["gemini-2.5-pro"],
  });
  const sub = session({
    externalId: "s1",
    task: "find where the cart total is computed",
    startedAt: 1600,
    endedAt: 3000,
    operations: [op("Read", 2000, "/w/cart.ts"), op("Grep", 2500)],
    tokensByModel: { "gemini-2.5-flash": tokens(50), "gemini-2.5-pro": tokens(5) },
    tokens: { input: 55, output: 20, cacheRead: 0, cacheCreation: 0 },
    models: ["gemini-2.5-flash", "gemini-2.5-pro"],
    events: { interruptions: 1, rejectedToolCalls: 0, apiErrors: 0 },
  });

  it("interleaves the sub-agent's calls by time, marked delegated, and counts its tokens, models and events", () => {
    const t = withSubagents(parent, [sub]);
    expect(t.operations!.map((o) => [o.seq, o.tool, o.delegated])).toEqual([
      [0, "Task", false],
      [1, "Read", true],
      [2, "Grep", true],
      [3, "Edit", false],
    ]);
    expect(t.operationCount).toBe(4);
    expect(t.toolBreakdown).toEqual({ Task: 1, Read: 1, Grep: 1, Edit: 1 });
    expect(t.filesRead).toEqual(["/w/cart.ts"]);
    expect(t.tokensByModel["gemini-2.5-pro"]!.input).toBe(105);
    expect(t.tokens).toEqual({ input: 155, output: 30, cacheRead: 0, cacheCreation: 0 });
    expect(t.models).toEqual(["gemini-2.5-pro", "gemini-2.5-flash"]);
    expect(t.events!.interruptions).toBe(1);
    expect(t.subagents).toEqual([
      {
        agentId: "s1",
        agentType: null,
        description: "find where the cart total is computed",
        workflow: null,
        operationCount: 2,
      },
    ]);
    expect([t.externalId, t.task, t.startedAt, t.endedAt]).toEqual(["p", "fix the cart", 1000, 5000]);
    expect(t.success.source).toBe("heuristic");
  });

  it("is the parent itself without sub-agents", () => {
    expect(withSubagents(parent, [])).toBe(parent);
  });
});
