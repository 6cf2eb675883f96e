import { describe, expect, it } from "vitest";
import { generateSessions } from "@/test/factories/generate/sessions";
import { computeFeatures } from "@/lib/learn/features";

describe("generateSessions", () => {
  it("is deterministic for a seed", () => {
    expect(generateSessions({ seed: 7, count: 50 })).toEqual(generateSessions({ seed: 7, count: 50 }));
    expect(generateSessions({ seed: 7, count: 50 })).not.toEqual(generateSessions({ seed: 8, count: 50 }));
  });

  it("produces ordered operations whose features show each behaviour", () => {
    const sessions = generateSessions({ seed: 1, count: 2000 });
    let verified = 0;
    let unverified = 0;
    let fullRead = 0;
    let blind = 0;
    let delegated = 0;
    for (const t of sessions) {
      expect(t.format).toBe("claude-code");
      expect(t.operations?.length).toBe(t.operationCount);
      expect(t.operations?.map((op) => op.seq)).toEqual(t.operations?.map((_, i) => i));
      expect(Object.values(t.toolBreakdown).reduce((a, b) => a + b, 0)).toBe(t.operationCount);
      expect(t.success.source).toBe("reported");
      const f = computeFeatures(t);
      expect(f.filesModifiedCount).toBe(t.filesModified.length);
      if (f.verifiedAfterEdit === true) verified++;
      if (f.verifiedAfterEdit === false) unverified++;
      if (f.readBeforeEditRatio === 1) fullRead++;
      if (f.readBeforeEditRatio !== null && f.readBeforeEditRatio < 1) blind++;
      if (f.delegated) delegated++;
    }
    for (const n of [verified, unverified, fullRead, blind, delegated]) expect(n).toBeGreaterThan(300);
    expect(sessions.some((t) => t.operationCount > 50)).toBe(true);
    expect(sessions.some((t) => t.filesModified.length > 10)).toBe(true);
  });

  it("shifts success only for sessions showing a planted behaviour", () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const split = (effects: Parameters<typeof generateSessions>[0]["effects"]) => {
      const sessions = generateSessions({ seed: 3, count: 4000, effects });
      const verified = sessions
        .filter((t) => computeFeatures(t).verifiedAfterEdit === true)
        .map((t) => t.success.score);
      const unverified = sessions
        .filter((t) => computeFeatures(t).verifiedAfterEdit === false)
        .map((t) => t.success.score);
      return mean(verified) - mean(unverified);
    };
    expect(Math.abs(split({}))).toBeLessThan(0.03);
    expect(split({ verification: 0.2 })).toBeGreaterThan(0.12);
  });
});
