import { describe, expect, it } from "vitest";
import { DEFAULT_START, generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { parseFile } from "@/lib/ingest/parse-file";

const DAY = 24 * 60 * 60 * 1000;

describe("generateAcosTrajectories", () => {
  const records = generateAcosTrajectories({ seed: 7, count: 1000 });

  it("is deterministic: same seed, same output; another seed, other output", () => {
    expect(generateAcosTrajectories({ seed: 7, count: 1000 })).toEqual(records);
    expect(generateAcosTrajectories({ seed: 8, count: 5 })).not.toEqual(records.slice(0, 5));
  });

  it("makes unique ACOS ids, prefixed when asked", () => {
    expect(new Set(records.map((r) => r.id)).size).toBe(1000);
    for (const r of records) expect(r.id).toMatch(/^traj_\d{13}_[0-9a-z]{4}$/);
    const [first] = generateAcosTrajectories({ seed: 7, count: 1, idPrefix: "web-shop" });
    expect(first?.id).toMatch(/^web-shop-traj_\d{13}_[0-9a-z]{4}$/);
  });

  it("keeps every field in its realistic range and consistent with the others", () => {
    for (const r of records) {
      expect(r.operationCount).toBeGreaterThanOrEqual(3);
      expect(r.operationCount).toBeLessThanOrEqual(120);
      expect(Object.values(r.toolBreakdown).reduce((a, b) => a + b, 0)).toBe(r.operationCount);
      expect(r.toolCount).toBe(r.operationCount);
      expect(r.filesModified.length).toBeLessThanOrEqual(20);
      expect(new Set(r.filesModified).size).toBe(r.filesModified.length);
      expect(r.successScore).toBeGreaterThanOrEqual(0.1);
      expect(r.successScore).toBeLessThanOrEqual(1);
      expect(Date.parse(r.completedAt) - Date.parse(r.startedAt)).toBe(r.duration);
    }
  });

  it("covers several domains, file counts, long sessions and the whole score range", () => {
    expect(new Set(records.map((r) => r.type)).size).toBeGreaterThanOrEqual(7);
    expect(records.some((r) => r.filesModified.length === 0)).toBe(true);
    expect(records.some((r) => r.filesModified.length > 10)).toBe(true);
    expect(records.some((r) => r.operationCount > 50)).toBe(true);
    expect(records.some((r) => r.successScore <= 0.5)).toBe(true);
    expect(records.some((r) => r.successScore >= 0.85)).toBe(true);
    expect(records.some((r) => "evidenceStatus" in r)).toBe(true);
  });

  it("spreads sessions in order over the requested span from the start date", () => {
    const start = Date.UTC(2026, 0, 1);
    const spread = generateAcosTrajectories({ seed: 1, count: 200, start, spanDays: 10 }).map((r) =>
      Date.parse(r.startedAt),
    );
    expect(spread.every((t, i) => i === 0 || t > (spread[i - 1] ?? 0))).toBe(true);
    expect(spread[0]).toBeGreaterThanOrEqual(start);
    expect(spread.at(-1)).toBeLessThan(start + 10 * DAY);
    expect(Date.parse(records[0]?.startedAt ?? "")).toBeGreaterThanOrEqual(DEFAULT_START);
  });

  it("plants the requested success shifts and nothing else", () => {
    const effects = { delegationBoost: 0.15, marathonPenalty: 0.1, scatteredPenalty: 0.2 };
    const shifted = generateAcosTrajectories({ seed: 7, count: 1000, effects });
    records.forEach((r, i) => {
      const s = shifted[i];
      if (!s) throw new Error("missing record");
      const delegated = (r.toolBreakdown.Task ?? 0) + (r.toolBreakdown.Agent ?? 0) > 0;
      const expected =
        (delegated ? 0.15 : 0) - (r.operationCount > 50 ? 0.1 : 0) - (r.filesModified.length > 10 ? 0.2 : 0);
      const delta = s.successScore - r.successScore;
      if (expected === 0) expect(delta).toBe(0);
      else expect(Math.abs(delta)).toBeLessThanOrEqual(Math.abs(expected) + 0.0011);
      expect({ ...s, successScore: 0, critique: null }).toEqual({ ...r, successScore: 0, critique: null });
    });
  });

  it("parses cleanly with parseFile as JSONL and as a JSON array", () => {
    const fromJsonl = parseFile(toJsonl(records));
    expect(fromJsonl).toMatchObject({ format: "acos-trajectories", rejected: 0, errors: [] });
    expect(fromJsonl.sessions).toHaveLength(1000);
    expect(fromJsonl.sessions[0]?.externalId).toBe(records[0]?.id);
    expect(parseFile(JSON.stringify(records, null, 2)).sessions).toHaveLength(1000);
  });
});

describe("generateAcosPatterns", () => {
  const patterns = generateAcosPatterns({ seed: 5, count: 50 });

  it("makes distinct ACOS-style sequences, most used first, deterministically", () => {
    expect(patterns).toHaveLength(50);
    expect(generateAcosPatterns({ seed: 5, count: 50 })).toEqual(patterns);
    expect(new Set(patterns.map((p) => p.sequence)).size).toBe(50);
    for (let i = 1; i < patterns.length; i++) expect(patterns[i - 1]!.count).toBeGreaterThanOrEqual(patterns[i]!.count);
    for (const p of patterns) {
      const steps = p.sequence.split(" > ");
      expect(steps.length).toBeGreaterThanOrEqual(2);
      expect(steps.length).toBeLessThanOrEqual(10);
      expect(steps.every((s, i) => i === 0 || s !== steps[i - 1])).toBe(true);
      expect(Date.parse(p.lastSeen)).toBeGreaterThanOrEqual(Date.parse(p.discoveredAt));
    }
  });

  it("parses cleanly in both patterns.json forms", () => {
    expect(parseFile(JSON.stringify(patterns))).toMatchObject({ format: "acos-patterns", rejected: 0 });
    expect(parseFile(JSON.stringify({ top_patterns: patterns }, null, 2)).patterns).toHaveLength(50);
  });
});

describe("toJsonl", () => {
  it("writes one JSON document per line, newline-terminated", () => {
    expect(toJsonl([{ a: 1 }, [2]])).toBe('{"a":1}\n[2]\n');
    expect(toJsonl([])).toBe("");
  });
});
