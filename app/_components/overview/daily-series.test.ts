import { describe, expect, it } from "vitest";
import { dailySeries } from "./daily-series";

describe("dailySeries", () => {
  it("is empty without data", () => expect(dailySeries([])).toEqual([]));

  it("fills days without sessions and keeps a 7-day moving average weighted by sessions", () => {
    const series = dailySeries([
      { day: "2026-11-01", sessions: 2, successSum: 1.6 },
      { day: "2026-11-03", sessions: 1, successSum: 0.2 },
      { day: "2026-11-09", sessions: 1, successSum: 1 },
    ]);
    expect(series.map((p) => p.day)).toEqual(Array.from({ length: 9 }, (_, i) => `2026-11-0${i + 1}`));
    expect(series[1]).toEqual({ day: "2026-11-02", sessions: 0, success: null, average: 0.8, cost: null });
    expect(series[2]!.success).toBeCloseTo(0.2);
    expect(series[2]!.average).toBeCloseTo(1.8 / 3);
    // 11-09's window is 11-03…11-09: the 11-01 sessions have left it.
    expect(series[8]!.average).toBeCloseTo(1.2 / 2);
  });

  it("carries each day's priced cost, none on days without counted tokens", () => {
    const series = dailySeries([{ day: "2026-11-01", sessions: 1, successSum: 1 }, { day: "2026-11-03", sessions: 1, successSum: 1 }], new Map([["2026-11-03", 1.25]]));
    expect(series.map((p) => p.cost)).toEqual([null, null, 1.25]);
  });
});
