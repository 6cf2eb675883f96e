import { describe, expect, it } from "vitest";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { generateMemories } from "./memories";

describe("generateMemories", () => {
  const memories = generateMemories({ seed: 3, count: 2_000 });

  it("is deterministic for a seed", () => {
    expect(generateMemories({ seed: 3, count: 2_000 })).toEqual(memories);
    expect(generateMemories({ seed: 4, count: 2_000 })).not.toEqual(memories);
  });

  it("makes the asked number of memories with unique sources, in every category and several projects", () => {
    expect(memories).toHaveLength(2_000);
    expect(new Set(memories.map((m) => m.source)).size).toBe(2_000);
    expect(new Set(memories.map((m) => m.category))).toEqual(new Set(MEMORY_CATEGORIES));
    expect(new Set(memories.map((m) => m.project)).size).toBe(8);
  });

  it("mixes ingested session and pattern memories with hand-written lessons", () => {
    const kinds = (prefix: string) => memories.filter((m) => m.source.startsWith(prefix)).length;
    expect(kinds("project:") + kinds("manual:")).toBe(2_000);
    expect(memories.filter((m) => m.source.includes(":pattern:")).length).toBeGreaterThan(50);
    expect(kinds("manual:")).toBeGreaterThan(300);
  });

  it("keeps confidences in [0, 1], ids growing with creation time, reinforcement after creation", () => {
    for (const [i, m] of memories.entries()) {
      expect(m.confidence).toBeGreaterThanOrEqual(0);
      expect(m.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(m.createdAt).toBeGreaterThanOrEqual(memories[i - 1]!.createdAt);
      expect(m.updatedAt).toBe(m.reinforcedAt ?? m.createdAt);
      if (m.reinforcedAt !== null) expect(m.reinforcedAt).toBeGreaterThanOrEqual(m.createdAt);
    }
  });
});
