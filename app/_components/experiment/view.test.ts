import { describe, expect, it } from "vitest";
import type { RuleAdherence } from "@/lib/experiment/contract";
import {
  adherenceSummary,
  intervalGeometry,
  intervalScale,
  reportMarkdownHref,
  sessionsCsvHref,
  weekRows,
} from "./view";

describe("experiment view helpers", () => {
  it("shares one bar scale across rows, rounded up to 25 points, and places intervals on it", () => {
    expect(
      intervalScale([
        { low: -0.1, high: 0.2 },
        { low: null, high: null },
      ]),
    ).toBe(0.25);
    expect(intervalScale([{ low: -0.3, high: 0.1 }])).toBe(0.5);
    expect(intervalScale([{ low: -1.4, high: 0.1 }])).toBe(1);
    expect(intervalScale([])).toBe(0.25);
    expect(intervalGeometry(-0.25, 0.25, 0, 0.5)).toEqual({ left: 25, width: 50, point: 50 });
    expect(intervalGeometry(-0.9, 0.2, -0.3, 0.5)).toEqual({ left: 0, width: 70, point: 20 });
  });

  it("summarises an adherence row in one sentence", () => {
    const row: RuleAdherence = {
      key: "verification",
      behaviour: "run a build or tests after the last edit",
      given: { eligible: 20, followed: 15, rate: 0.75 },
      holdout: { eligible: 0, followed: 0, rate: null },
      difference: null,
      low: null,
      high: null,
    };
    expect(adherenceSummary(row)).toBe(
      "run a build or tests after the last edit — given the rule: 75% (15 of 20); holdout: nobody eligible.",
    );
    expect(
      adherenceSummary({
        ...row,
        holdout: { eligible: 10, followed: 5, rate: 0.5 },
        difference: 0.25,
        low: -0.1,
        high: 0.55,
      }),
    ).toMatch(/difference \+25 pp, 95% interval −10…\+55 pp\.$/);
  });

  it("turns weekly points into percent rows and encodes the CSV and markdown links", () => {
    const rows = weekRows([
      {
        week: "2026-W49",
        guidance: { n: 3, mean: 0.8123 },
        holdout: { n: 0, mean: null },
        adherenceGiven: 0.5,
        adherenceHoldout: null,
      },
    ]);
    expect(rows).toEqual([
      {
        week: "2026-W49",
        guidance: 81.2,
        holdout: null,
        guidanceN: 3,
        holdoutN: 0,
        adherenceGiven: 50,
        adherenceHoldout: null,
      },
    ]);
    expect(sessionsCsvHref("a b")).toBe("/api/v1/projects/a%20b/experiment/sessions.csv");
    expect(reportMarkdownHref("a b")).toBe("/api/v1/projects/a%20b/experiment/report?download=1");
  });
});
