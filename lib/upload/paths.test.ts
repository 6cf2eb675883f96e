import { describe, expect, it } from "vitest";
import { baseName, isSkippedFolder, normalisePath, pathKind } from "./paths";

describe("normalisePath", () => {
  it("uses forward slashes and drops leading ./ and /", () => {
    expect(normalisePath("projects\\-Users-me-app\\a.jsonl")).toBe("projects/-Users-me-app/a.jsonl");
    expect(normalisePath("./-Users-me-app//a.jsonl")).toBe("-Users-me-app/a.jsonl");
    expect(normalisePath("/-Users-me-app/a.jsonl")).toBe("-Users-me-app/a.jsonl");
  });

  it("keeps dot folders inside the path", () => {
    expect(normalisePath("app/.claude/trajectories/x.json")).toBe("app/.claude/trajectories/x.json");
  });
});

describe("baseName", () => {
  it("is the last segment", () => {
    expect(baseName("a/b/agent-1.jsonl")).toBe("agent-1.jsonl");
    expect(baseName("patterns.json")).toBe("patterns.json");
  });
});

describe("pathKind", () => {
  it("sends JSON and JSONL files", () => {
    expect(pathKind("-Users-me-app/ba79134d.jsonl")).toBe("ingest");
    expect(pathKind("s/subagents/agent-a1.meta.json")).toBe("ingest");
    expect(pathKind("s/subagents/workflows/wf_1/agent-w1.jsonl")).toBe("ingest");
    expect(pathKind("s/workflows/wf_1.json")).toBe("ingest");
    expect(pathKind("s/subagents/workflows/wf_1/journal.jsonl")).toBe("other");
    expect(pathKind("trajectories.NDJSON")).toBe("ingest");
    expect(pathKind("app/.claude/trajectories/code_traj_1_ab.json")).toBe("ingest");
  });

  it("unpacks zips", () => {
    expect(pathKind("projects.ZIP")).toBe("zip");
  });

  it("skips folders, macOS resource forks and dotfiles", () => {
    expect(pathKind("projects/")).toBe("junk");
    expect(pathKind("__MACOSX/projects/._a.jsonl")).toBe("junk");
    expect(pathKind("projects/.DS_Store")).toBe("junk");
    expect(pathKind("projects/._a.jsonl")).toBe("junk");
  });

  it("calls anything else other", () => {
    expect(pathKind("notes.txt")).toBe("other");
    expect(pathKind("s/tool-results/out.txt")).toBe("other");
  });
});

describe("isSkippedFolder", () => {
  it("skips resource forks, git and dependencies but walks .claude", () => {
    expect(isSkippedFolder("__MACOSX")).toBe(true);
    expect(isSkippedFolder(".git")).toBe(true);
    expect(isSkippedFolder("node_modules")).toBe(true);
    expect(isSkippedFolder(".claude")).toBe(false);
  });
});
