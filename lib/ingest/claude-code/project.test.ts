import { describe, expect, it } from "vitest";
import { projectFromCwd } from "@/lib/ingest/claude-code/project";

describe("projectFromCwd", () => {
  it.each([
    ["/Users/chip/dev/ai-music", "ai-music"],
    ["/src/deep-manifest/", "deep-manifest"],
    ["-experiments/worktrees", "worktrees"],
    ["-experiments/worktrees/.claude/worktrees/agent-ab1e6e14", "worktrees"],
    ["/home/me/shop/.claude/worktrees/fix-cart/web", "shop"],
    ["C:\\Users\\me\\shop", "shop"],
  ])("%s → %s", (cwd, project) => {
    expect(projectFromCwd(cwd)).toBe(project);
  });

  it.each(["", "/", "C:\\", "/.claude/worktrees/x"])("%j names no project", (cwd) => {
    expect(projectFromCwd(cwd)).toBeNull();
  });
});
