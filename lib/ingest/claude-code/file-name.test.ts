import { describe, expect, it } from "vitest";
import { baseSessionId, readTranscriptName } from "@/lib/ingest/claude-code/file-name";

const SESSION = "ef958aa1-0e93-49f0-bb71-150f63befcd1";

describe("readTranscriptName", () => {
  it("reads a session file, with or without its project folder", () => {
    expect(readTranscriptName(`-Users-chip-dev-ai-music/${SESSION}.jsonl`)).toEqual({
      kind: "session",
      sessionId: SESSION,
      agentId: null,
      folder: "-Users-chip-dev-ai-music",
      workflowId: null,
    });
    expect(readTranscriptName(`/home/me/.claude/projects/-src-app/${SESSION}.jsonl`)).toMatchObject({
      kind: "session",
      folder: "-src-app",
    });
    expect(readTranscriptName(`${SESSION}.jsonl`)).toEqual({
      kind: "session",
      sessionId: SESSION,
      agentId: null,
      folder: null,
      workflowId: null,
    });
  });

  it("reads both sub-agent layouts and the meta file", () => {
    expect(readTranscriptName("-src-deep-manifest/agent-c8d9b115.jsonl")).toEqual({
      kind: "agent",
      sessionId: null,
      agentId: "c8d9b115",
      folder: "-src-deep-manifest",
      workflowId: null,
    });
    expect(readTranscriptName(`-experiments-worktrees/${SESSION}/subagents/agent-a36efb2a1231c41e2.jsonl`)).toEqual({
      kind: "agent",
      sessionId: SESSION,
      agentId: "a36efb2a1231c41e2",
      folder: "-experiments-worktrees",
      workflowId: null,
    });
    expect(
      readTranscriptName(`C:\\Users\\me\\.claude\\projects\\C--work-app\\${SESSION}\\subagents\\agent-ab1e.meta.json`),
    ).toEqual({
      kind: "agent-meta",
      sessionId: SESSION,
      agentId: "ab1e",
      folder: "C--work-app",
      workflowId: null,
    });
  });

  it("says nothing of other names, beyond their folder", () => {
    expect(readTranscriptName(undefined)).toEqual({
      kind: null,
      sessionId: null,
      agentId: null,
      folder: null,
      workflowId: null,
    });
    expect(readTranscriptName("exports/trajectories.jsonl")).toEqual({
      kind: null,
      sessionId: null,
      agentId: null,
      folder: "exports",
      workflowId: null,
    });
    expect(readTranscriptName("agent-x.json").kind).toBeNull();
  });

  it("reads a workflow run's sub-agents, its definition, and sub-agents nested at any depth, each under its session", () => {
    expect(readTranscriptName(`-src-app/${SESSION}/subagents/workflows/wf_57c6a296-6f2/agent-a7748a49.jsonl`)).toEqual({
      kind: "agent",
      sessionId: SESSION,
      agentId: "a7748a49",
      folder: "-src-app",
      workflowId: "wf_57c6a296-6f2",
    });
    expect(readTranscriptName(`-src-app/${SESSION}/subagents/workflows/wf_1/agent-b2.meta.json`)).toMatchObject({
      kind: "agent-meta",
      sessionId: SESSION,
      agentId: "b2",
      workflowId: "wf_1",
    });
    expect(readTranscriptName(`-src-app/${SESSION}/workflows/wf_1.json`)).toEqual({
      kind: "workflow",
      sessionId: SESSION,
      agentId: null,
      folder: "-src-app",
      workflowId: "wf_1",
    });
    const deep = `-src-app/${SESSION}/subagents/workflows/wf_1/deeper/agent-a/subagents/agent-c/agent-d5.jsonl`;
    expect(readTranscriptName(deep)).toEqual({
      kind: "agent",
      sessionId: SESSION,
      agentId: "d5",
      folder: "-src-app",
      workflowId: "wf_1",
    });
    expect(readTranscriptName(`-src-app/${SESSION}/subagents/a/b/c/d/e/agent-e6.jsonl`)).toMatchObject({
      kind: "agent",
      sessionId: SESSION,
      agentId: "e6",
      workflowId: null,
    });
  });

  it("takes neither a run's journal nor a uuid-named file inside subagents/ for a session", () => {
    expect(readTranscriptName(`-src-app/${SESSION}/subagents/workflows/wf_1/journal.jsonl`)).toEqual({
      kind: null,
      sessionId: null,
      agentId: null,
      folder: "-src-app",
      workflowId: null,
    });
    expect(readTranscriptName(`-src-app/${SESSION}/subagents/${SESSION}.jsonl`).kind).toBeNull();
    expect(readTranscriptName(`-src-app/not-a-session/workflows/wf_1.json`).kind).toBeNull();
  });
});

describe("baseSessionId", () => {
  it("reads the session of a sub-agent line's <sessionId>#agent-<id>", () => {
    expect(baseSessionId(`${SESSION}#agent-a1`)).toBe(SESSION);
    expect(baseSessionId(SESSION)).toBe(SESSION);
  });
});
