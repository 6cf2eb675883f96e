import { describe, expect, it } from "vitest";
import { makeTrajectory } from "@/test/factories/trajectory";
import { computeFeatures } from "@/lib/learn/features";
import { patternMemory, trajectoryMemory } from "@/lib/learn/memory";
import type { MemoryCategory, ToolPattern, Trajectory, TrajectoryFeatures } from "@/lib/trajectory";

function trajectory(over: Partial<Trajectory> = {}): Trajectory {
  return makeTrajectory({
    externalId: "traj_1790812832410_ab12",
    toolBreakdown: { Read: 5, Bash: 3, Edit: 6 },
    filesModified: ["app/page.tsx", "lib/a.ts", "lib/b.ts"],
    success: { score: 0.92, source: "reported", signals: [] },
    critique: "Read the relevant files first; build passed.",
    ...over,
  });
}

const memory = (t: Trajectory, category: MemoryCategory, f: Partial<TrajectoryFeatures> = {}) =>
  trajectoryMemory("web-shop", t, { ...computeFeatures(t), ...f }, category);

describe("trajectoryMemory", () => {
  it("writes a readable sentence with score, top tools, files and critique", () => {
    const m = memory(trajectory(), "pattern");
    expect(m).toEqual({
      category: "pattern",
      content:
        "code_development session succeeded (0.92): 14 operations (Edit 6, Read 5, Bash 3) across 3 files (app/page.tsx, lib/a.ts, lib/b.ts). " +
        "Critique: Read the relevant files first; build passed.",
      tags: ["code_development", "acos", "pattern", "edit", "read", "bash"],
      confidence: 0.92,
      source: "project:web-shop:acos:trajectory:traj_1790812832410_ab12",
    });
  });

  it("says failed for an error, with confidence 1 − score", () => {
    const m = memory(trajectory({ success: { score: 0.35, source: "reported", signals: [] }, critique: null }), "error");
    expect(m.content).toMatch(/^code_development session failed \(0\.35\): /);
    expect(m.confidence).toBe(0.65);
  });

  it("shortens long file lists, adds the task and ends every sentence", () => {
    const files = Array.from({ length: 7 }, (_, i) => `components/c${i}.tsx`);
    const m = memory(trajectory({ filesModified: files, task: "Add dark mode", critique: "x".repeat(500) }), "insight");
    expect(m.content).toContain("across 7 files (components/c0.tsx, components/c1.tsx, components/c2.tsx and 4 more).");
    expect(m.content).toContain("Task: Add dark mode.");
    expect(m.content).toMatch(/Critique: x{199}…$/);
  });

  it("names configuration changes for a decision and the known features", () => {
    const t = trajectory({ filesModified: ["app/page.tsx", ".claude/settings.json"], toolBreakdown: { Task: 1, Read: 2 } });
    const m = memory(t, "decision", { verifiedAfterEdit: true, verificationPassed: false, blindEdits: 1, toolErrors: 2 });
    expect(m.content).toContain(
      "verified after the last edit (failed); 1 file edited without reading first; delegated to sub-agents; 2 tool errors; changed configuration (.claude/settings.json).",
    );
    expect(m.tags).toContain("delegated");
    expect(memory(t, "insight", { verifiedAfterEdit: false }).content).toContain("not verified after the last edit");
  });

  it("copes with a session that changed nothing and reported no tools", () => {
    const m = memory(trajectory({ operationCount: 1, toolBreakdown: {}, filesModified: [], critique: null }), "insight");
    expect(m.content).toBe("code_development session finished (0.92): 1 operation with no file changes.");
  });

  it("makes tags lowercase single tokens", () => {
    const m = memory(trajectory({ domain: "Music Production", toolBreakdown: { "mcp__github__create issue": 3 } }), "insight");
    expect(m.tags).toEqual(["music-production", "acos", "insight", "mcp__github__create-issue"]);
    for (const tag of m.tags) expect(tag).toMatch(/^[a-z0-9_.-]+$/);
  });

  it("keeps confidence within [0, 1]", () => {
    expect(memory(trajectory({ success: { score: 1, source: "reported", signals: [] } }), "pattern").confidence).toBe(1);
    expect(memory(trajectory({ success: { score: 1, source: "reported", signals: [] } }), "error").confidence).toBe(0);
  });
});

describe("patternMemory", () => {
  const pattern: ToolPattern = { sequence: "Read > Edit > Bash", type: "code_development", count: 12, avgSuccess: 0.91, discoveredAt: null, lastSeen: null };

  it("describes the sequence, its use and its success", () => {
    expect(patternMemory("web-shop", pattern, "pattern")).toEqual({
      category: "pattern",
      content: "Tool sequence Read > Edit > Bash used 12 times in code_development work with 91% average success. A proven sequence worth repeating.",
      tags: ["code_development", "acos", "pattern", "tool-sequence", "read", "edit", "bash"],
      confidence: 0.78,
      source: "project:web-shop:acos:pattern:Read > Edit > Bash",
    });
  });

  it("scales confidence by count / (count + 2), and uses 1 − avgSuccess for an error", () => {
    const m = patternMemory("p", { ...pattern, type: null, count: 1, avgSuccess: 0.4 }, "error");
    expect(m.content).toBe("Tool sequence Read > Edit > Bash used 1 time with 40% average success. Sessions using it tend to fail.");
    expect(m.confidence).toBe(0.2);
    expect(m.tags).toEqual(["acos", "error", "tool-sequence", "read", "edit", "bash"]);
    expect(patternMemory("p", { ...pattern, count: 2, avgSuccess: 0.8 }, "insight").confidence).toBe(0.4);
  });
});
