import { describe, expect, it } from "vitest";
import { sampleContent } from "@/test/factories/guidance";
import { countLines, MIN_BUDGET } from "./budget";
import { BEGIN_MARKER, END_MARKER, UnclosedBlockError } from "./claude-md";
import { renderGuidance } from "./render";
import {
  claudeProjectFolder,
  isInside,
  MEMORY_CAP,
  MEMORY_WINDOW,
  memoryBudget,
  NotStarlightsFileError,
  OutsideMemoryWindowError,
  targetFormat,
  targetPath,
  updatedFile,
  WRITE_TARGETS,
} from "./write-targets";

const lines = (n: number, prefix = "user line") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}\n`).join("");

describe("targetPath", () => {
  it("puts each repository target in its agent's place, and the memory under Claude Code's folder for the repository", () => {
    const files = Object.fromEntries(WRITE_TARGETS.map((t) => [t, targetPath(t, "/src/my-app", "/home/me").file]));
    expect(files).toEqual({
      "claude-md": "/src/my-app/CLAUDE.md",
      "claude-rules": "/src/my-app/.claude/rules/starlight.md",
      "agents-md": "/src/my-app/AGENTS.md",
      cursor: "/src/my-app/.cursor/rules/starlight.mdc",
      windsurf: "/src/my-app/.windsurf/rules/starlight.md",
      memory: "/home/me/.claude/projects/-src-my-app/memory/MEMORY.md",
    });
    expect(targetPath("cursor", "/src/my-app", "/home/me").root).toBe("/src/my-app");
    expect(targetPath("memory", "/src/my-app", "/home/me").root).toBe("/home/me/.claude/projects/-src-my-app");
  });

  it("names the project folder as Claude Code does: every character but letters and digits becomes -", () => {
    expect(claudeProjectFolder("/Users/chip/dev/ai-music")).toBe("-Users-chip-dev-ai-music");
    expect(claudeProjectFolder("/home/me/.config/my_app v2")).toBe("-home-me--config-my-app-v2");
  });

  it("writes each target in its own format", () => {
    expect(WRITE_TARGETS.map(targetFormat)).toEqual([
      "claude-md",
      "claude-rules",
      "agents-md",
      "cursor",
      "windsurf",
      "claude-md",
    ]);
  });
});

describe("isInside", () => {
  it("holds for paths below the root only", () => {
    expect(isInside("/src/app", "/src/app/CLAUDE.md")).toBe(true);
    expect(isInside("/src/app", "/src/app/.claude/rules/starlight.md")).toBe(true);
    expect(isInside("/src/app", "/src/app/..data/x")).toBe(true);
    expect(isInside("/src/app", "/src/app")).toBe(false);
    expect(isInside("/src/app", "/src/app2/CLAUDE.md")).toBe(false);
    expect(isInside("/src/app", "/src/other/CLAUDE.md")).toBe(false);
    expect(isInside("/src/app", "/etc/passwd")).toBe(false);
  });
});

describe("memoryBudget", () => {
  it("is the cap while the user's lines leave room for it", () => {
    expect(memoryBudget("")).toEqual(MEMORY_CAP);
    expect(memoryBudget(lines(100))).toEqual(MEMORY_CAP);
  });

  it("is what is left of the 200 lines after every user line, above and below the section", () => {
    // 170 user lines + the blank line before an appended section leave 29.
    expect(memoryBudget(lines(170))).toEqual({ maxLines: 29, maxChars: MEMORY_CAP.maxChars });
    // With a section between 100 lines above and 70 below: the section's own lines do not count.
    const between = `${lines(100)}${BEGIN_MARKER}\n${lines(40, "old")}${END_MARKER}\n${lines(70, "below")}`;
    expect(memoryBudget(between)).toEqual({ maxLines: 30, maxChars: MEMORY_CAP.maxChars });
  });

  it("is null when less than the smallest budget is left, or the user's lines alone fill the window", () => {
    expect(memoryBudget(lines(MEMORY_WINDOW - 1 - MIN_BUDGET.maxLines))).toEqual({
      maxLines: MIN_BUDGET.maxLines,
      maxChars: MEMORY_CAP.maxChars,
    });
    expect(memoryBudget(lines(MEMORY_WINDOW - MIN_BUDGET.maxLines))).toBeNull();
    expect(memoryBudget(lines(250))).toBeNull();
  });

  it("leaves room for exactly the lines it grants: the merged file ends at line 200", () => {
    for (const n of [0, 120, 150, 187]) {
      const user = lines(n);
      const budget = memoryBudget(user)!;
      const block = renderGuidance(sampleContent(), "claude-md", budget);
      const merged = updatedFile("memory", user, block);
      expect(merged.startsWith(user)).toBe(true);
      expect(countLines(merged), String(n)).toBeLessThanOrEqual(MEMORY_WINDOW);
      expect(countLines(block)).toBeLessThanOrEqual(budget.maxLines);
    }
  });
});

describe("updatedFile", () => {
  const block = renderGuidance(sampleContent(), "claude-md", MEMORY_CAP);

  it("merges block targets, keeping the user's text, and changes nothing the second time", () => {
    const user = "# Mine\n\nUse pnpm.  \n";
    for (const target of ["claude-md", "agents-md", "memory"] as const) {
      const once = updatedFile(target, user, block);
      expect(once).toBe(`${user}\n${block}`);
      expect(updatedFile(target, once, block)).toBe(once);
    }
    expect(updatedFile("claude-md", null, block)).toBe(block);
    expect(() => updatedFile("claude-md", `x\n${BEGIN_MARKER}\n`, block)).toThrow(UnclosedBlockError);
  });

  it("replaces a whole-file target that is Starlight's, and refuses one that is not", () => {
    const rules = renderGuidance(sampleContent(), "claude-rules", MEMORY_CAP);
    const cursor = renderGuidance(sampleContent(), "cursor", MEMORY_CAP);
    expect(updatedFile("claude-rules", null, rules)).toBe(rules);
    expect(updatedFile("claude-rules", "<!-- old -->\n# Starlight guidance: alpha\nold\n", rules)).toBe(rules);
    expect(updatedFile("cursor", cursor.replace("Rules", "Old rules"), cursor)).toBe(cursor);
    expect(() => updatedFile("claude-rules", "# Our testing rules\n\nRun the tests.\n", rules)).toThrow(
      NotStarlightsFileError,
    );
    expect(() => updatedFile("windsurf", "", rules)).toThrow(NotStarlightsFileError);
  });

  it("refuses a MEMORY.md whose section would end past line 200", () => {
    expect(() => updatedFile("memory", lines(195), block)).toThrow(OutsideMemoryWindowError);
    expect(() => updatedFile("claude-md", lines(195), block)).not.toThrow();
  });
});
