import { describe, expect, it } from "vitest";
import { classifyPattern, classifySession, isConfigPath } from "@/lib/learn/classify";

const session = (score: number, filesModified: string[] = [], domain = "code_development") =>
  classifySession({ score, filesModified, domain });

describe("classifySession", () => {
  it("puts failures first: a score of 0.50 or less is an error, whatever else is true", () => {
    expect(session(0.5)).toBe("error");
    expect(session(0.1, [".claude/settings.json"], "skill_execution")).toBe("error");
    expect(session(0.5000001)).toBe("insight");
  });

  it("calls 0.85 and above a pattern, even when config was touched", () => {
    expect(session(0.85)).toBe("pattern");
    expect(session(1, ["package.json"])).toBe("pattern");
    expect(session(0.8499999)).toBe("insight");
  });

  it("calls agent or project configuration changes a decision", () => {
    expect(session(0.7, ["app/page.tsx", ".claude/settings.json"])).toBe("decision");
    expect(session(0.7, [".claude-flow/config.json"])).toBe("decision");
    expect(session(0.8499999, ["tsconfig.json"], "skill_execution")).toBe("decision");
  });

  it("calls skill execution a preference, and anything else an insight", () => {
    expect(session(0.7, ["docs/skill.md"], "skill_execution")).toBe("preference");
    expect(session(0.7, ["app/page.tsx"])).toBe("insight");
  });
});

describe("isConfigPath", () => {
  it.each([
    ".claude/settings.json",
    "repo/.claude/agents/reviewer.md",
    ".claude-flow/memory.json",
    "package.json",
    "apps/web/package.json",
    "tsconfig.json",
    "tsconfig.build.json",
    "next.config.mjs",
    "vitest.config.ts",
    "tailwind.config.cjs",
    ".env",
    ".env.local",
    "pyproject.toml",
    ".github/workflows/ci.yml",
    "docker-compose.yaml",
    ".eslintrc.json",
    ".prettierrc",
    "Dockerfile",
    "Dockerfile.prod",
    "Makefile",
    ".nvmrc",
    "C:\\repo\\.claude\\settings.json",
    "/src/app/.claude/worktrees/agent-a1b2/package.json",
    "/src/app/.claude/worktrees/feat/.claude/settings.json",
  ])("%s is configuration", (path) => {
    expect(isConfigPath(path)).toBe(true);
  });

  it.each([
    "app/page.tsx",
    "lib/config.ts",
    "package-lock.json",
    "README.md",
    "claude/notes.md",
    "src/environment.ts",
    "content/blog/tsconfig-tips.mdx",
    "/src/app/.claude/worktrees/agent-a1b2/work/research-notes.md",
    "/home/me/.claude/plans/humble-doodling-wolf.md",
  ])("%s is not", (path) => {
    expect(isConfigPath(path)).toBe(false);
  });
});

describe("classifyPattern", () => {
  it("needs an average of 0.85 or more and 3 or more uses for a pattern", () => {
    expect(classifyPattern({ avgSuccess: 0.85, count: 3 })).toBe("pattern");
    expect(classifyPattern({ avgSuccess: 0.85, count: 2 })).toBe("insight");
    expect(classifyPattern({ avgSuccess: 0.8499999, count: 100 })).toBe("insight");
    expect(classifyPattern({ avgSuccess: 1, count: 1 })).toBe("insight");
  });

  it("calls an average of 0.60 or less an error, whatever the count", () => {
    expect(classifyPattern({ avgSuccess: 0.6, count: 50 })).toBe("error");
    expect(classifyPattern({ avgSuccess: 0.6000001, count: 50 })).toBe("insight");
    expect(classifyPattern({ avgSuccess: 0.1, count: 1 })).toBe("error");
  });
});
