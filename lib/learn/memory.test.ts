import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSession } from "@/test/factories/session";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import type { TranscriptFile } from "@/lib/ingest/types";
import { classifySession } from "@/lib/learn/classify";
import { computeFeatures } from "@/lib/learn/features";
import { patternMemory, sessionMemory } from "@/lib/learn/memory";
import type { MemoryCategory, Operation, ToolPattern, Session, SessionFeatures } from "@/lib/session";

function session(over: Partial<Session> = {}): Session {
  return makeSession({
    externalId: "traj_1790812832410_ab12",
    toolBreakdown: { Read: 5, Bash: 3, Edit: 6 },
    filesModified: ["app/page.tsx", "lib/a.ts", "lib/b.ts"],
    success: { score: 0.92, source: "reported", signals: [] },
    critique: "Read the relevant files first; build passed.",
    ...over,
  });
}

const memory = (t: Session, category: MemoryCategory, f: Partial<SessionFeatures> = {}) =>
  sessionMemory("web-shop", t, { ...computeFeatures(t), ...f }, category);

describe("sessionMemory", () => {
  it("writes a readable sentence with score, top tools, files and critique", () => {
    const m = memory(session(), "pattern");
    expect(m).toEqual({
      category: "pattern",
      content:
        "code_development session succeeded (0.92): 14 operations (Edit 6, Read 5, Bash 3) across 3 files (app/page.tsx, lib/a.ts, lib/b.ts). " +
        "Critique: Read the relevant files first; build passed.",
      tags: ["code_development", "acos", "pattern", "edit", "read", "bash"],
      confidence: 0.92,
      source: "project:web-shop:acos:session:traj_1790812832410_ab12",
    });
  });

  it("names only the agent's real tools: a forged tool name in an ACOS record is left out of the sentence and the tags", () => {
    const m = memory(session({ toolBreakdown: { "git-push--force": 9, sudo: 8, Read: 5 } }), "pattern");
    expect(m.content).toMatch(/^code_development session succeeded \(0\.92\): \d+ operations \(Read 5\) across/);
    expect(m.content).not.toMatch(/git-push|sudo/);
    expect(m.tags).not.toContain("sudo");
    expect(
      patternMemory(
        "web-shop",
        { sequence: "Read > git-push--force", count: 5, avgSuccess: 0.9, type: null } as ToolPattern,
        "pattern",
      ).content,
    ).toMatch(/^Tool sequence Read > another tool used 5 times/);
  });

  it("says failed for an error, with confidence 1 − score", () => {
    const m = memory(session({ success: { score: 0.35, source: "reported", signals: [] }, critique: null }), "error");
    expect(m.content).toMatch(/^code_development session failed \(0\.35\): /);
    expect(m.confidence).toBe(0.65);
  });

  it("shortens long file lists, adds the task and ends every sentence", () => {
    const files = Array.from({ length: 7 }, (_, i) => `components/c${i}.tsx`);
    const m = memory(session({ filesModified: files, task: "Add dark mode", critique: "x".repeat(500) }), "insight");
    expect(m.content).toContain("across 7 files (components/c0.tsx, components/c1.tsx, components/c2.tsx and 4 more).");
    expect(m.content).toContain("Task: Add dark mode.");
    expect(m.content).toMatch(/Critique: x{199}…$/);
  });

  it("names configuration changes for a decision and the known features", () => {
    const t = session({
      filesModified: ["app/page.tsx", ".claude/settings.json"],
      toolBreakdown: { Task: 1, Read: 2 },
    });
    const m = memory(t, "decision", {
      verifiedAfterEdit: true,
      verificationPassed: false,
      blindEdits: 1,
      toolErrors: 2,
    });
    expect(m.content).toContain(
      "verified after the last edit (failed); 1 file edited without reading first; delegated to sub-agents; 2 tool errors; changed configuration (.claude/settings.json).",
    );
    expect(m.tags).toContain("delegated");
    expect(memory(t, "insight", { verifiedAfterEdit: false }).content).toContain("not verified after the last edit");
  });

  it("copes with a session that changed nothing and reported no tools", () => {
    const m = memory(session({ operationCount: 1, toolBreakdown: {}, filesModified: [], critique: null }), "insight");
    expect(m.content).toBe("code_development session finished (0.92): 1 operation with no file changes.");
  });

  it("makes tags lowercase single tokens", () => {
    const m = memory(
      session({ domain: "Music Production", toolBreakdown: { mcp__GitHub__Create_Issue: 3, "create issue": 2 } }),
      "insight",
    );
    expect(m.tags).toEqual(["music-production", "acos", "insight", "mcp__github__create_issue"]);
    for (const tag of m.tags) expect(tag).toMatch(/^[a-z0-9_.-]+$/);
  });

  it("keeps confidence within [0, 1]", () => {
    expect(memory(session({ success: { score: 1, source: "reported", signals: [] } }), "pattern").confidence).toBe(1);
    expect(memory(session({ success: { score: 1, source: "reported", signals: [] } }), "error").confidence).toBe(0);
  });
});

describe("sessionMemory of a session with ordered operations: a lesson", () => {
  let seq = 0;
  const op = (tool: string, over: Partial<Operation> = {}): Operation => ({
    seq: seq++,
    tool,
    file: null,
    command: null,
    isError: false,
    at: null,
    delegated: false,
    output: null,
    ...over,
  });
  const operations = [
    op("Edit", {
      file: "/src/app/styles.css",
      isError: true,
      output: "The user doesn't want to proceed with this tool use.",
    }),
    op("Read", { file: "/src/app/renderer.py" }),
    op("Edit", { file: "/src/app/renderer.py" }),
    op("Bash", {
      command: "uv run pytest -m unit",
      isError: true,
      output: "Exit code 5\n=== test session starts ===\ncollected 0 items\n=== no tests ran in 0.01s ===",
    }),
    op("Edit", { file: "/src/app/templates/transcript.html" }),
    op("Bash", { command: "uv run pytest test/test_renderer.py -v", output: "=== 5 passed in 0.40s ===" }),
    op("Bash", { command: "git status" }),
    op("Bash", { command: "ruff check .", output: "All checks passed!" }),
  ];
  const session = makeSession({
    format: "claude-code",
    externalId: "5ec12e75",
    task: "make the session nav sticky.",
    operations,
    operationCount: operations.length,
    toolBreakdown: { Read: 1, Edit: 3, Bash: 4 },
    filesRead: ["/src/app/renderer.py"],
    filesModified: ["/src/app/renderer.py", "/src/app/templates/transcript.html"],
    events: { interruptions: 0, rejectedToolCalls: 1, apiErrors: 0 },
    prompts: [
      { text: "make the session nav sticky", at: 1, after: null },
      { text: "don't touch the CSS, use the vis library, it's less work", at: 2, after: "rejection" },
    ],
    success: { score: 0.75, source: "heuristic", signals: [] },
  });

  it("reads as the task, the outcome, the error and its fix, the correction, the commands and the files", () => {
    const m = memory(session, "insight");
    expect(m.content).toBe(
      "Task: make the session nav sticky. " +
        "Outcome: code_development session finished (0.75): final check passed, 1 failed call, 1 refused call. " +
        'Error: `uv run pytest -m unit` failed with "collected 0 items"; fixed by `uv run pytest test/test_renderer.py -v`. ' +
        "Correction after a refused call: \"don't touch the CSS, use the vis library, it's less work\". " +
        "Commands: `uv run pytest -m unit`, `uv run pytest test/test_renderer.py -v`, `ruff check .`. " +
        "Files changed: renderer.py, transcript.html.",
    );
    expect(m.tags).toEqual(expect.arrayContaining(["pytest", "ruff", "renderer.py", "transcript.html"]));
    expect(m.tags).not.toContain("git");
  });

  it("adds the longest later request, not a correction nor a short reply", () => {
    const prompts = [
      { text: "make the session nav sticky", at: 1, after: null },
      { text: "also show the sub-agents' calls in the timeline, folded under their Task call", at: 2, after: null },
      {
        text: "don't touch the CSS, use the vis library, it's less work, and keep the old look",
        at: 3,
        after: "rejection" as const,
      },
      { text: "thanks, that works", at: 4, after: null },
    ];
    const m = memory({ ...session, prompts }, "insight");
    expect(m.content).toContain(
      `Task: make the session nav sticky. Later asked: "also show the sub-agents' calls in the timeline, folded under their Task call". Outcome:`,
    );
  });

  it("stays within 600 characters, leaving out the files, then the correction, then the commands", () => {
    const long = {
      ...session,
      task: "t".repeat(1_000),
      prompts: [{ text: "c".repeat(1_000), at: null, after: "interruption" as const }],
    };
    const many = [
      ...operations,
      ...Array.from({ length: 8 }, (_, i) => op("Bash", { command: `npm run build:${"x".repeat(50)}${i}` })),
    ];
    const m = memory({ ...long, operations: many, operationCount: many.length }, "insight");
    expect(m.content.length).toBeLessThanOrEqual(600);
    expect(m.content).toMatch(/^Task: t{139}…\. Outcome: .* Error: .* Commands: .*\.$/);
    expect(m.content).not.toContain("Files changed");
  });

  it("on the real deep-manifest session: names pytest run through the venv and the pytest that was not found, and tags ruff", () => {
    const dir = path.resolve(__dirname, "../../test/fixtures/claude-code/-src-deep-manifest");
    const read = (name: string) =>
      parseFile(readFileSync(path.join(dir, name)), `-src-deep-manifest/${name}`).transcript as TranscriptFile;
    const t = assembleSession(read("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl"), [read("agent-c8d9b115.jsonl")], []);
    const f = computeFeatures(t);
    const m = sessionMemory(
      "deep-manifest",
      t,
      f,
      classifySession({ score: t.success.score, filesModified: t.filesModified, domain: f.domain }),
    );
    expect(m.content).toContain("Task: It's been a while - I see that I have pending changes");
    expect(m.content).toContain(
      'Error: `pytest` failed with "/bin/bash: line 1: pytest: command not found"; fixed by `(source .venv/bin/activate && pytest)`.',
    );
    // A success now ("succeeded (0.93)", the person thanked): the 600-character budget keeps the most run command and
    // counts the rest; ruff check stays findable through the tags.
    expect(m.content).toMatch(/Outcome: debugging session succeeded \(0\.\d\d\)/);
    expect(m.content).toContain("Commands: `(source .venv/bin/activate && pytest)` ×5");
    expect(m.content.length).toBeLessThanOrEqual(600);
    // Its main work came after a chore: the memory says so, so a search for "tar" finds it.
    expect(m.content).toContain(
      "Later asked: \"New feature: we support .zip, but I've seen an archive that contains embedded tar.gz.",
    );
    expect(m.tags).toEqual(expect.arrayContaining(["pytest", "ruff", "git", "deep_manifest.py", "test_unit.py"]));
  });
});

describe("patternMemory", () => {
  const pattern: ToolPattern = {
    sequence: "Read > Edit > Bash",
    type: "code_development",
    count: 12,
    avgSuccess: 0.91,
    discoveredAt: null,
    lastSeen: null,
  };

  it("describes the sequence, its use and its success", () => {
    expect(patternMemory("web-shop", pattern, "pattern")).toEqual({
      category: "pattern",
      content:
        "Tool sequence Read > Edit > Bash used 12 times in code_development work with 91% average success. A proven sequence worth repeating.",
      tags: ["code_development", "acos", "pattern", "tool-sequence", "read", "edit", "bash"],
      confidence: 0.78,
      source: "project:web-shop:acos:pattern:Read > Edit > Bash",
    });
  });

  it("scales confidence by count / (count + 2), and uses 1 − avgSuccess for an error", () => {
    const m = patternMemory("p", { ...pattern, type: null, count: 1, avgSuccess: 0.4 }, "error");
    expect(m.content).toBe(
      "Tool sequence Read > Edit > Bash used 1 time with 40% average success. Too few uses to tell whether it hurts.",
    );
    expect(m.confidence).toBe(0.2);
    expect(m.tags).toEqual(["acos", "error", "tool-sequence", "read", "edit", "bash"]);
    expect(patternMemory("p", { ...pattern, count: 2, avgSuccess: 0.8 }, "insight").confidence).toBe(0.4);
    expect(patternMemory("p", { ...pattern, count: 3, avgSuccess: 0.4 }, "error").content).toMatch(
      /Sessions using it tend to fail\.$/,
    );
    expect(patternMemory("p", { ...pattern, count: 2, avgSuccess: 0.95 }, "pattern").content).toMatch(
      /Too few uses to tell whether it helps\.$/,
    );
  });

  it("is labelled by the source its uses came from, not as ACOS's", () => {
    const m = patternMemory("web-shop", pattern, "pattern", "claude-code");
    expect(m.source).toBe("project:web-shop:claude-code:pattern:Read > Edit > Bash");
    expect(m.tags).toEqual(["code_development", "claude-code", "pattern", "tool-sequence", "read", "edit", "bash"]);
  });
});
