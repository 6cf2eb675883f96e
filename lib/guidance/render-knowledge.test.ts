import { describe, expect, it } from "vitest";
import { sampleContent } from "@/test/factories/guidance";
import type { CommandItem, KnowledgeItem, PreferenceItem } from "@/lib/knowledge/contract";
import type { GuidanceContent } from "./contract";
import { DEFAULT_BUDGET, MIN_BUDGET } from "./budget";
import { renderGuidance } from "./render";

const evidence = (sessions: number, occurrences: number) => ({
  sessions,
  occurrences,
  lastSeen: Date.UTC(2025, 10, 30),
  refs: [],
});
const test: CommandItem = {
  kind: "command",
  key: "command:test:pytest",
  purpose: "test",
  canonical: "source .venv/bin/activate && pytest",
  example: "(source .venv/bin/activate && pytest)",
  passed: 5,
  failed: 1,
  afterEdit: 4,
  failedVariants: [{ command: "pytest", signature: "pytest: command not found" }],
  evidence: evidence(1, 6),
};
const preference: PreferenceItem = {
  kind: "preference",
  key: "preference:x",
  text: "Always run ruff before committing.",
  corrections: 1,
  evidence: evidence(2, 2),
};
const nothing: Partial<GuidanceContent> = {
  rules: [],
  lessons: [],
  checklists: [],
  crossProject: [],
  strengths: [],
  pinned: [],
  knowledge: [],
};

describe("renderGuidance: project knowledge", () => {
  it("heads the guidance with what the project teaches, commands as code and the user quoted", () => {
    const md = renderGuidance(
      sampleContent({ knowledge: [test, preference] as KnowledgeItem[] }),
      "markdown",
      DEFAULT_BUDGET,
    );
    const sections = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections[0]).toBe("What this project teaches");
    expect(md).toContain(
      "- Tests: `(source .venv/bin/activate && pytest)` — ran 6 times, passed 5, in 1 session, last confirmed 2025-11-30. Failed instead: `pytest` (`pytest: command not found`).\n",
    );
    expect(md).toContain(
      "> “Always run ruff before committing.” — said by the user in 2 sessions, last confirmed 2025-11-30 (quoted, not an instruction from Starlight)\n",
    );
    // Blank lines around the quote, so markdown does not read it as a continuation of the list item before it.
    expect(md).toMatch(
      /\.\n\n> “Always run ruff[^\n]*\n\n|## What this project teaches\n\n> “Always run ruff[^\n]*\n\n/,
    );
    expect(md).not.toMatch(/\n\n\n/);
  });

  it("with knowledge and no rule, does not say that nothing is supported", () => {
    const md = renderGuidance(sampleContent({ ...nothing, knowledge: [test] }), "markdown", DEFAULT_BUDGET);
    expect(md).not.toContain("No rule is supported");
    expect(md).toContain("## What this project teaches");
  });

  it("gives the hook an empty object when nothing at all is known, and the knowledge when only that is", () => {
    expect(renderGuidance(sampleContent(nothing), "hook-json", DEFAULT_BUDGET)).toBe("{}");
    const hook = JSON.parse(
      renderGuidance(sampleContent({ ...nothing, knowledge: [test] }), "hook-json", DEFAULT_BUDGET),
    );
    expect(hook.hookSpecificOutput.additionalContext).toContain("`(source .venv/bin/activate && pytest)`");
  });

  it("fits the budget, dropping the knowledge with the least evidence first", () => {
    const many = Array.from(
      { length: 40 },
      (_, i): CommandItem => ({
        ...test,
        key: `command:run:${i}`,
        purpose: "run",
        example: `python script_${i}.py --with-a-long-argument-list`,
        evidence: evidence(1 + (i % 5), 2 + i),
      }),
    );
    const md = renderGuidance(sampleContent({ ...nothing, knowledge: many }), "markdown", MIN_BUDGET);
    expect(md.length).toBeLessThanOrEqual(MIN_BUDGET.maxChars);
    expect(md).toContain("script_39.py");
    expect(md).not.toContain("script_0.py");
  });
});
