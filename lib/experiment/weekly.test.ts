import { describe, expect, it } from "vitest";
import type { LinkedSession } from "@/lib/experiment/linked";
import { isoWeek, weeklySeries, weekStart } from "@/lib/experiment/weekly";

const at = (iso: string) => Date.parse(iso);

function linked(arm: "guidance" | "holdout", startedAt: number, success: number, verified: boolean): LinkedSession {
  return {
    sessionId: `${arm}-${startedAt}`,
    arm,
    deliveredAt: startedAt,
    generation: 1,
    rules: ["verification"],
    outcome: {
      storedSessionId: 1,
      startedAt,
      success,
      features: {
        operationCount: 10,
        filesModified: 3,
        verifiedAfterEdit: verified,
        readBeforeEditRatio: null,
        delegated: null,
      },
      tokensByModel: {},
    },
  };
}

describe("ISO weeks", () => {
  it("start on Monday, UTC", () => {
    expect(weekStart(at("2026-01-07T23:59:59Z"))).toBe(at("2026-01-05T00:00:00Z"));
    expect(weekStart(at("2026-01-05T00:00:00Z"))).toBe(at("2026-01-05T00:00:00Z"));
    expect(weekStart(at("2026-01-11T23:59:59Z"))).toBe(at("2026-01-05T00:00:00Z"));
  });

  it("take the year of their Thursday across year boundaries", () => {
    expect(isoWeek(at("2025-12-29T00:00:00Z"))).toBe("2026-W01"); // Monday; Thursday is 2026-01-01
    expect(isoWeek(at("2026-01-04T12:00:00Z"))).toBe("2026-W01");
    expect(isoWeek(at("2025-12-28T23:59:59Z"))).toBe("2025-W52");
    expect(isoWeek(at("2021-01-03T10:00:00Z"))).toBe("2020-W53"); // 2020 had 53 ISO weeks
    expect(isoWeek(at("2024-12-30T10:00:00Z"))).toBe("2025-W01");
    expect(isoWeek(at("2027-01-01T10:00:00Z"))).toBe("2026-W53");
  });
});

describe("weeklySeries", () => {
  it("buckets across a year boundary, fills empty weeks and pools adherence per arm", () => {
    const series = weeklySeries([
      linked("guidance", at("2025-12-27T10:00:00Z"), 1, true), // 2025-W52 (Saturday)
      linked("guidance", at("2025-12-31T10:00:00Z"), 1, true), // 2026-W01 (Wednesday)
      linked("holdout", at("2026-01-02T10:00:00Z"), 0, false), // 2026-W01 (Friday)
      linked("guidance", at("2026-01-03T10:00:00Z"), 0, false), // 2026-W01
      linked("holdout", at("2026-01-14T10:00:00Z"), 1, true), // 2026-W03
    ]);
    expect(series.map((p) => p.week)).toEqual(["2025-W52", "2026-W01", "2026-W02", "2026-W03"]);
    expect(series[1]).toEqual({
      week: "2026-W01",
      guidance: { n: 2, mean: 0.5 },
      holdout: { n: 1, mean: 0 },
      adherenceGiven: 0.5,
      adherenceHoldout: 0,
    });
    expect(series[2]).toEqual({
      week: "2026-W02",
      guidance: { n: 0, mean: null },
      holdout: { n: 0, mean: null },
      adherenceGiven: null,
      adherenceHoldout: null,
    });
    expect(series[3]?.holdout).toEqual({ n: 1, mean: 1 });
  });

  it("is empty without linked sessions", () => {
    expect(weeklySeries([])).toEqual([]);
  });
});
