import { describe, expect, it } from "vitest";
import { agentMemoryName, MAX_AGENT_MEMORY_BYTES, readAgentMemory } from "./agent-memory";

describe("agent memory files", () => {
  it("are recognised by their name under any root, and known by <folder>/memory/<file>", () => {
    expect(agentMemoryName("-home-me-shop/memory/MEMORY.md")).toEqual({
      folder: "-home-me-shop",
      path: "-home-me-shop/memory/MEMORY.md",
    });
    expect(agentMemoryName("upload.zip/projects/-home-me-shop/memory/deploy.md")).toEqual({
      folder: "-home-me-shop",
      path: "-home-me-shop/memory/deploy.md",
    });
    expect(agentMemoryName("-home-me-shop/memory/notes.txt")).toBeNull();
    expect(agentMemoryName("-home-me-shop/abc.jsonl")).toBeNull();
    expect(agentMemoryName("memory/MEMORY.md")).toBeNull();
  });

  it("are redacted, and an emptied file is kept as empty", () => {
    const token = `ghp_${"A1b2C3d4E5f6G7h8".repeat(3).slice(0, 36)}`;
    const read = readAgentMemory("p/memory/MEMORY.md", `- The bot token is ${token}\n`);
    expect(read.ok && read.memory.content).toMatch(/\[REDACTED/);
    expect(read.ok && read.memory.content).not.toContain(token);
    expect(readAgentMemory("p/memory/MEMORY.md", "  \n")).toEqual({
      ok: true,
      memory: { agent: "claude-code", folder: "p", path: "p/memory/MEMORY.md", content: "" },
    });
  });

  it("are refused when binary or too large", () => {
    expect(readAgentMemory("p/memory/MEMORY.md", new Uint8Array([0xff, 0xfe, 0x00, 0x41])).ok).toBe(false);
    const large = readAgentMemory("p/memory/MEMORY.md", "x".repeat(MAX_AGENT_MEMORY_BYTES + 1));
    expect(large.ok ? null : large.error.message).toBe(
      `an agent memory file may hold at most ${MAX_AGENT_MEMORY_BYTES} bytes`,
    );
  });
});
