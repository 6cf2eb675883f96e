import { describe, expect, it } from "vitest";
import { scanTranscript } from "@/lib/ingest/claude-code/scan";
import type { TranscriptFile } from "@/lib/ingest/types";

const at = (s: number) => `2026-01-02T10:00:${String(s).padStart(2, "0")}.000Z`;
const file = (records: unknown[]): TranscriptFile => ({ sessionId: "s", agentId: null, cwd: null, folder: null, lineCount: records.length, records, content: records.map((r) => JSON.stringify(r)).join("\n") });
const assistant = (s: number, id: string, content: object[], usage: object | null, extra: object = {}) => ({
  type: "assistant",
  timestamp: at(s),
  requestId: `r-${id}`,
  message: { id, model: "claude-sonnet-4", content, ...(usage ? { usage } : {}) },
  ...extra,
});

describe("scanTranscript", () => {
  const records = [
    { type: "user", timestamp: at(5), gitBranch: "", version: "2.1.0", message: { content: "first prompt" } },
    assistant(6, "m1", [{ type: "text", text: "ok" }], { input_tokens: 3, output_tokens: 1 }, { gitBranch: "feature" }),
    assistant(7, "m1", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }], { input_tokens: 3, output_tokens: 90 }),
    { type: "user", timestamp: at(8), message: { content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "The user doesn't want to take this action right now." }] }] } },
    { type: "user", timestamp: at(2), message: { content: "[Request interrupted by user]" } },
    assistant(9, "m2", [{ type: "text", text: "API Error: 500" }], null, { isApiErrorMessage: true, message: { model: "<synthetic>", content: [] } }),
    { type: "system", subtype: "api_error", timestamp: at(10) },
    assistant(11, "m3", [{ type: "tool_use", id: "t2", name: "Grep", input: {} }], null, { isSidechain: true }),
    { type: "user", isSidechain: true, timestamp: at(12), message: { content: "sub-agent instructions" } },
    "not an object",
  ];

  it("gathers calls, outcomes, usage, models, prompts, events, time bounds, branch and version", () => {
    const scan = scanTranscript(file(records), false);
    expect(scan.calls.map((c) => [c.id, c.tool, c.delegated])).toEqual([
      ["t1", "Bash", false],
      ["t2", "Grep", true],
    ]);
    expect(scan.outcomes.get("t1")).toEqual({ isError: true, rejected: true });
    expect([...scan.usage.values()]).toEqual([{ input: 3, output: 90, cacheRead: 0, cacheCreation: 0 }]);
    expect([...scan.models]).toEqual(["claude-sonnet-4"]);
    expect(scan).toMatchObject({ prompts: ["first prompt"], interruptions: 1, rejections: 1, apiErrors: 2, gitBranch: "feature", version: "2.1.0" });
    expect([scan.firstAt, scan.lastAt]).toEqual([Date.parse(at(2)), Date.parse(at(12))]);
  });

  it("as a sub-agent's file: every call is delegated and no user line is a prompt", () => {
    const scan = scanTranscript(file(records), true);
    expect(scan.calls.every((c) => c.delegated)).toBe(true);
    expect(scan.prompts).toEqual([]);
  });
});
