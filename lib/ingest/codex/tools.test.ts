import { describe, expect, it } from "vitest";
import { canonicalCalls, commandText } from "@/lib/ingest/codex/tools";

const tools = (
  name: string,
  args: Record<string, unknown> | null,
  input: string | null = null,
  mcp: { server: string; tool: string } | null = null,
) => canonicalCalls(name, args, input, mcp).map((c) => [c.tool, c.input.file_path ?? c.input.command ?? null]);

describe("Codex tools onto canonical names", () => {
  it("joins argv, dropping a bash -lc wrapper, and quotes words with spaces", () => {
    expect(commandText(["bash", "-lc", "npm test && npm run lint"])).toBe("npm test && npm run lint");
    expect(commandText(["/bin/zsh", "-c", "ls"])).toBe("ls");
    expect(commandText(["rg", "-n", "two words", "src/"])).toBe("rg -n 'two words' src/");
    expect(commandText(["echo", "it's"])).toBe("echo 'it'\\''s'");
    expect(commandText("git status")).toBe("git status");
    expect(commandText([])).toBeNull();
    expect(commandText([1, 2])).toBeNull();
  });

  it("maps shell tools to Bash, with their command", () => {
    expect(tools("shell", { command: ["bash", "-lc", "pytest -q"] })).toEqual([["Bash", "pytest -q"]]);
    expect(tools("exec_command", { cmd: "cargo test" })).toEqual([["Bash", "cargo test"]]);
    expect(tools("shell_command", { command: "ls" })).toEqual([["Bash", "ls"]]);
    expect(tools("shell", null)).toEqual([["Bash", null]]);
  });

  it("turns apply_patch into one Edit per file (Write for an added one), also when run through the shell", () => {
    const patch =
      "*** Begin Patch\n*** Add File: a.ts\n+x\n*** Update File: b.ts\n*** Move to: c.ts\n@@\n-y\n+z\n*** Delete File: d.ts\n*** End Patch";
    const expected = [
      ["Write", "a.ts"],
      ["Edit", "b.ts"],
      ["Edit", "d.ts"],
    ];
    expect(tools("apply_patch", null, patch)).toEqual(expected);
    expect(tools("apply_patch", { input: patch })).toEqual(expected);
    expect(tools("shell", { command: ["apply_patch", patch] })).toEqual(expected);
    expect(tools("shell", { command: ["bash", "-lc", `apply_patch <<'EOF'\n${patch}\nEOF`] })).toEqual(expected);
    expect(tools("apply_patch", null, "garbage")).toEqual([["Edit", null]]);
  });

  it("maps reads, searches, web, sub-agents, plans and MCP tools", () => {
    expect(tools("read_file", { file_path: "/r/src/a.ts" })).toEqual([["Read", "/r/src/a.ts"]]);
    expect(tools("view_image", { path: "/r/x.png" })).toEqual([["Read", "/r/x.png"]]);
    expect(tools("grep_files", { pattern: "x", path: "src" })).toEqual([["Grep", "src"]]);
    expect(tools("list_dir", { dir_path: "src" })).toEqual([["Glob", "src"]]);
    expect(tools("web_search", { query: "x" })).toEqual([["WebSearch", null]]);
    expect(tools("spawn_agent", { message: "go" })).toEqual([["Task", null]]);
    expect(tools("update_plan", { plan: [] })).toEqual([["TodoWrite", null]]);
    expect(tools("github__search", {}, null, { server: "gh", tool: "search" })).toEqual([["mcp__gh__search", null]]);
    expect(tools("github__search", {})).toEqual([["mcp__github__search", null]]);
    expect(tools("mcp__linear__list", {})).toEqual([["mcp__linear__list", null]]);
    expect(tools("write_stdin", {})).toEqual([["write_stdin", null]]);
  });
});
