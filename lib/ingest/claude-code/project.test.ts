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
    ["/x/MyProject", "MyProject"],
    ["/home/x/acme/app", "acme-app"],
    ["/b/bar/app/", "bar-app"],
    ["/home/x/acme/code/src", "acme-src"],
    ["/srv/Billing/Frontend", "Billing-Frontend"],
    ["/home/app", "app"],
    ["/workspace", "workspace"],
    ["C:\\project", "project"],
    ["/home/x/acme/app/.claude/worktrees/agent-1", "acme-app"],
  ])("%s → %s", (cwd, project) => {
    expect(projectFromCwd(cwd)).toBe(project);
  });

  it.each(["", "/", "C:\\", "/.claude/worktrees/x"])("%j names no project", (cwd) => {
    expect(projectFromCwd(cwd)).toBeNull();
  });
});
