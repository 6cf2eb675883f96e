import { describe, expect, it } from "vitest";
import { dailySeries, daysNeedYear } from "./daily-series";

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
    const series = dailySeries(
      [
        { day: "2026-11-01", sessions: 1, successSum: 1 },
        { day: "2026-11-03", sessions: 1, successSum: 1 },
      ],
      new Map([["2026-11-03", 1.25]]),
    );
    expect(series.map((p) => p.cost)).toEqual([null, null, 1.25]);
  });

  it("keeps a long history light, with a point after each day that breaks the lines at every gap", () => {
    const series = dailySeries([
      { day: "2020-01-01", sessions: 1, successSum: 1 },
      { day: "2020-01-03", sessions: 1, successSum: 0 },
      { day: "2023-06-01", sessions: 2, successSum: 1 },
    ]);
    expect(series.map((p) => p.day)).toEqual([
      "2020-01-01",
      "2020-01-02",
      "2020-01-03",
      "2020-01-04",
      "2020-01-08",
      "2020-01-10",
      "2023-06-01",
    ]);
    expect(series.map((p) => p.success)).toEqual([1, null, 0, null, null, null, 0.5]);
    // 01-08 still averages 01-03; 01-10 is the first day whose window holds no session, so the average line ends before 2023.
    expect(series.map((p) => p.average)).toEqual([1, 1, 0.5, 0.5, 0, null, 0.5]);
  });
});

describe("daysNeedYear", () => {
  it("leaves the year out only for days of the current year", () => {
    expect(daysNeedYear(["2026-03-01", "2026-11-30"], "2026-12-04")).toBe(false);
    expect(daysNeedYear(["2025-03-01", "2025-11-30"], "2026-12-04")).toBe(true);
    expect(daysNeedYear(["2025-12-30", "2026-01-02"], "2026-12-04")).toBe(true);
    expect(daysNeedYear([], "2026-12-04")).toBe(false);
  });
});
