import { describe, expect, it } from "vitest";
import { parseFile } from "./parse-file";
import { emptyMainTranscript, waitingAgents, type StoredPart } from "./waiting-parts";

const part = (id: string, name: string, lineCount: number, receivedAt: number): StoredPart => ({
  part: id,
  name,
  lineCount,
  receivedAt,
});

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
      {
        id: "a2",
        file: "s/subagents/agent-a2.jsonl",
        lines: 40,
        receivedAt: 5,
        agentType: "general-purpose",
        description: null,
      },
    ]);
  });

  it("describes a part without a meta file (a Codex thread, a Gemini chat) by its file alone, and leaves out a main part", () => {
    expect(
      waitingAgents([part("", "main.jsonl", 9, 1), part("019a-thread", "rollout-019a-thread.jsonl", 12, 2)], new Map()),
    ).toEqual([
      {
        id: "019a-thread",
        file: "rollout-019a-thread.jsonl",
        lines: 12,
        receivedAt: 2,
        agentType: null,
        description: null,
      },
    ]);
  });
});

describe("emptyMainTranscript", () => {
  const SESSION = "0e0e0e0e-0000-4000-8000-000000000043";
  const line = (o: object) =>
    JSON.stringify({ sessionId: SESSION, uuid: "u1", parentUuid: null, cwd: "/w/shop", ...o });
  const read = (content: string, name: string) => emptyMainTranscript(parseFile(content, name), name);

  it("takes a session file of nothing (0 bytes, or blank lines) as its arrived main transcript", () => {
    for (const content of ["", "\n\n"]) {
      expect(read(content, `-w-shop/${SESSION}.jsonl`)).toEqual({
        sessionId: SESSION,
        agentId: null,
        cwd: null,
        folder: "-w-shop",
        lineCount: 0,
        records: [],
        content: "",
      });
    }
  });

  it("takes a main transcript of only summaries and bookkeeping lines as arrived, with what its lines name", () => {
    const t = read(
      [line({ type: "summary", summary: "Shop work" }), line({ type: "file-history-snapshot" })].join("\n"),
      `-w-shop/${SESSION}.jsonl`,
    );
    expect(t).toMatchObject({ sessionId: SESSION, agentId: null, cwd: "/w/shop", records: [] });
  });

  it("leaves out a transcript with messages, a sub-agent's file, an empty file not named for a session", () => {
    const message = line({ type: "user", message: { role: "user", content: "hi" }, timestamp: "2026-01-01T00:00:00Z" });
    expect(read(message, `-w-shop/${SESSION}.jsonl`)).toBeNull();
    expect(read(line({ type: "summary", summary: "x" }), `-w-shop/${SESSION}/subagents/agent-a1.jsonl`)).toBeNull();
    expect(read("", `-w-shop/${SESSION}/subagents/agent-a1.jsonl`)).toBeNull();
    expect(read("", "-w-shop/notes.jsonl")).toBeNull();
  });
});
