import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  diversity,
  grade,
  intelligenceScore,
  learningVelocity,
  memoryDepth,
  operationalHistory,
  patternQuality,
  type ScoreInput,
} from "./score";

const NOW = Date.UTC(2026, 11, 1);
const sat = (x: number, k: number) => 1 - Math.exp(-x / k);
const sum = (xs: { points: number }[]) => xs.reduce((s, d) => s + d.points, 0);

/** An input with no data at all (score 0, grade F). */
function emptyScoreInput(): ScoreInput {
  return {
    memories: { count: 0, effectiveConfidenceSum: 0, byCategory: {} },
    patterns: { validated: 0, uses: 0, weightedSuccessSum: 0 },
    supportedRules: 0,
    sessions: { count: 0, successSum: 0, days: 0 },
    recent: { sessions7: 0, sessions30: 0, memories7: 0, memories30: 0, reinforced7: 0, reinforced30: 0 },
    lastDataAt: null,
  };
}

function input(over: Partial<ScoreInput> = {}): ScoreInput {
  return { ...emptyScoreInput(), ...over };
}

describe("grade", () => {
  it.each([
    [100, "S"],
    [90, "S"],
    [89.999, "A"],
    [80, "A"],
    [79.999, "B"],
    [70, "B"],
    [69.999, "C"],
    [60, "C"],
    [59.999, "D"],
    [40, "D"],
    [39.999, "F"],
    [0, "F"],
  ] as const)("%d → %s", (total, expected) => {
    expect(grade(total)).toBe(expected);
  });
});

describe("memory depth", () => {
  it("scores count, mean effective confidence and category diversity", () => {
    const c = memoryDepth({ count: 100, effectiveConfidenceSum: 40, byCategory: { error: 50, pattern: 50 } });
    const [count, confidence, mix] = c.details;
    expect(count!.points).toBeCloseTo(8 * sat(100, 100), 10);
    expect(confidence!.value).toBeCloseTo(0.4, 10);
    expect(confidence!.points).toBeCloseTo(5, 10); // 10 × 0.4 / 0.8
    expect(mix!.value).toBeCloseTo(Math.log(2) / Math.log(5), 10);
    expect(c.points).toBeCloseTo(8 * sat(100, 100) + 5 + 7 * (Math.log(2) / Math.log(5)), 10);
  });

  it("gives full diversity to all five categories equally, none to one, and caps at 25", () => {
    expect(diversity([1, 1, 1, 1, 1])).toBeCloseTo(1, 10);
    expect(diversity([7])).toBe(0);
    expect(diversity([])).toBe(0);
    const full = memoryDepth({ count: 1e9, effectiveConfidenceSum: 1e9, byCategory: { a: 1, b: 1, c: 1, d: 1, e: 1 } });
    expect(full.points).toBeCloseTo(25, 6);
    expect(memoryDepth({ count: 0, effectiveConfidenceSum: 0, byCategory: {} }).points).toBe(0);
  });
});

describe("pattern quality", () => {
  it("scores validated patterns, their uses, their use-weighted success and supported rules", () => {
    const c = patternQuality({ validated: 10, uses: 100, weightedSuccessSum: 90 }, 5);
    expect(c.details.map((d) => d.value)).toEqual([10, 100, 0.9, 5]);
    expect(c.points).toBeCloseTo(8 * sat(10, 10) + 5 * sat(100, 100) + 5 * 0.9 + 7 * sat(5, 5), 10);
    expect(patternQuality({ validated: 0, uses: 0, weightedSuccessSum: 0 }, 0).points).toBe(0);
  });
});

describe("operational history", () => {
  it("scores sessions, days covered (capped at 30) and the success rate", () => {
    const c = operationalHistory({ count: 500, successSum: 375, days: 15 });
    expect(c.details.map((d) => d.points)).toEqual([10 * sat(500, 500), 3.5, 6]);
    expect(operationalHistory({ count: 10, successSum: 10, days: 90 }).details[1]!.points).toBe(7);
    expect(operationalHistory({ count: 0, successSum: 0, days: 0 }).points).toBe(0);
  });
});

describe("learning velocity", () => {
  const recent = { sessions7: 20, sessions30: 60, memories7: 20, memories30: 60, reinforced7: 10, reinforced30: 30 };
  const raw = 10 * sat(20, 20) + 7 * sat(20, 20) + 8 * sat(10, 10);

  it("is the raw rate when the latest data is from now", () => {
    const c = learningVelocity(recent, NOW, NOW);
    expect(c.points).toBeCloseTo(raw, 10);
    expect(sum(c.details)).toBeCloseTo(c.points, 10);
  });

  it("halves for every 7 days without new data, with a fixed clock", () => {
    const fresh = learningVelocity(recent, NOW, NOW).points;
    const week = learningVelocity(recent, NOW, NOW + 7 * DAY_MS);
    const month = learningVelocity(recent, NOW, NOW + 28 * DAY_MS).points;
    expect(week.points).toBeCloseTo(fresh / 2, 10);
    expect(month).toBeCloseTo(fresh / 16, 10);
    expect(month).toBeLessThan(week.points);
    const freshness = week.details.at(-1)!;
    expect(freshness.value).toBeCloseTo(0.5, 10);
    expect(freshness.points).toBeCloseTo(-fresh / 2, 10);
    expect(sum(week.details)).toBeCloseTo(week.points, 10);
  });

  it("is zero without data and never grows for data in the future", () => {
    expect(learningVelocity(recent, null, NOW).points).toBe(0);
    expect(learningVelocity(recent, NOW + DAY_MS, NOW).points).toBeCloseTo(raw, 10);
  });

  it("decays in the whole report: same data, later clock, lower score", () => {
    const data = input({ recent, lastDataAt: NOW, sessions: { count: 100, successSum: 80, days: 10 } });
    const now = intelligenceScore(data, NOW);
    const later = intelligenceScore(data, NOW + 14 * DAY_MS);
    expect(later.components[3]!.points).toBeCloseTo(now.components[3]!.points / 4, 10);
    expect(later.total).toBeLessThan(now.total);
    expect(later.components.slice(0, 3)).toEqual(now.components.slice(0, 3));
  });
});

describe("intelligenceScore", () => {
  it("sums four components of at most 25 into a graded total", () => {
    const empty = intelligenceScore(emptyScoreInput(), NOW);
    expect(empty).toMatchObject({ total: 0, grade: "F", computedAt: NOW, lastDataAt: null });
    expect(empty.components.map((c) => c.key)).toEqual([
      "memoryDepth",
      "patternQuality",
      "operationalHistory",
      "learningVelocity",
    ]);

    const huge = 1e9;
    const full = intelligenceScore(
      {
        memories: {
          count: huge,
          effectiveConfidenceSum: huge,
          byCategory: { error: 1, pattern: 1, decision: 1, preference: 1, insight: 1 },
        },
        patterns: { validated: huge, uses: huge, weightedSuccessSum: huge },
        supportedRules: huge,
        sessions: { count: huge, successSum: huge, days: huge },
        recent: {
          sessions7: huge,
          sessions30: huge,
          memories7: huge,
          memories30: huge,
          reinforced7: huge,
          reinforced30: huge,
        },
        lastDataAt: NOW,
      },
      NOW,
    );
    expect(full.total).toBeCloseTo(100, 6);
    expect(full.grade).toBe("S");
    for (const c of full.components) {
      expect(c.max).toBe(25);
      expect(c.points).toBeLessThanOrEqual(25);
      expect(sum(c.details)).toBeCloseTo(c.points, 6);
    }
    expect(full.total).toBeCloseTo(sum(full.components), 10);
  });
});
