import { describe, expect, it } from "vitest";
import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";

const SESSION = "ef958aa1-0e93-49f0-bb71-150f63befcd1";

describe("readTranscriptName", () => {
  it("reads a session file, with or without its project folder", () => {
    expect(readTranscriptName(`-Users-chip-dev-ai-music/${SESSION}.jsonl`)).toEqual({ kind: "session", sessionId: SESSION, agentId: null, folder: "-Users-chip-dev-ai-music" });
    expect(readTranscriptName(`/home/me/.claude/projects/-src-app/${SESSION}.jsonl`)).toMatchObject({ kind: "session", folder: "-src-app" });
    expect(readTranscriptName(`${SESSION}.jsonl`)).toEqual({ kind: "session", sessionId: SESSION, agentId: null, folder: null });
  });

  it("reads both sub-agent layouts and the meta file", () => {
    expect(readTranscriptName("-src-deep-manifest/agent-c8d9b115.jsonl")).toEqual({ kind: "agent", sessionId: null, agentId: "c8d9b115", folder: "-src-deep-manifest" });
    expect(readTranscriptName(`-experiments-worktrees/${SESSION}/subagents/agent-a36efb2a1231c41e2.jsonl`)).toEqual({
      kind: "agent",
      sessionId: SESSION,
      agentId: "a36efb2a1231c41e2",
      folder: "-experiments-worktrees",
    });
    expect(readTranscriptName(`C:\\Users\\me\\.claude\\projects\\C--work-app\\${SESSION}\\subagents\\agent-ab1e.meta.json`)).toEqual({
      kind: "agent-meta",
      sessionId: SESSION,
      agentId: "ab1e",
      folder: "C--work-app",
    });
  });

  it("says nothing of other names, beyond their folder", () => {
    expect(readTranscriptName(undefined)).toEqual({ kind: null, sessionId: null, agentId: null, folder: null });
    expect(readTranscriptName("exports/trajectories.jsonl")).toEqual({ kind: null, sessionId: null, agentId: null, folder: "exports" });
    expect(readTranscriptName("agent-x.json").kind).toBeNull();
  });
});
