import { describe, expect, it } from "vitest";
import type { ArmComparison, RuleAdherence } from "@/lib/experiment/contract";
import {
  adherenceSummary,
  armInterval,
  formatPValue,
  formatRate,
  formatShare,
  intervalGeometry,
  intervalScale,
  holdoutOffVerdict,
  powerSentence,
  sessionsCsvHref,
  successVerdict,
  weekRows,
} from "./view";

const comparison = (difference: number, low: number, high: number): ArmComparison => ({
  guidance: { n: 40, mean: 0.7 + difference, sd: 0.2 },
  holdout: { n: 12, mean: 0.7, sd: 0.2 },
  difference,
  low,
  high,
  pValue: 0.2,
});

describe("experiment view helpers", () => {
  it("writes shares and p-values as people do", () => {
    expect(formatShare(0.2)).toBe("20%");
    expect(formatShare(0.05)).toBe("5%");
    expect(formatShare(0.125)).toBe("12.5%");
    expect(formatPValue(0.4321)).toBe("p = 0.43");
    expect(formatPValue(0.0123)).toBe("p = 0.012");
    expect(formatPValue(0.0002)).toBe("p < 0.001");
  });

  it("gives each arm the t interval of its mean, clamped to 0..1, and none below 2 sessions", () => {
    // n = 4, sd = 0.2: half-width t(0.975, 3) · 0.1 = 0.3182.
    const interval = armInterval({ n: 4, mean: 0.5, sd: 0.2 })!;
    expect(interval.low).toBeCloseTo(0.1818, 4);
    expect(interval.high).toBeCloseTo(0.8182, 4);
    expect(armInterval({ n: 4, mean: 0.95, sd: 0.2 })!.high).toBe(1);
    expect(armInterval({ n: 1, mean: 0.5, sd: 0 })).toBeNull();
  });

  it("reads the comparison in words: better, worse, or not told apart from chance", () => {
    const linked = { guidance: 40, holdout: 12 };
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked)).toMatch(/^Sessions given guidance succeeded more often: \+15\.0 pp.*excludes zero/);
    expect(successVerdict(comparison(-0.15, -0.25, -0.05), linked)).toMatch(/succeeded less often: −15\.0 pp/);
    expect(successVerdict(comparison(0.05, -0.05, 0.15), linked)).toBe("No difference that can be told apart from chance yet: the 95% interval, −5.0…+15.0 pp, includes zero.");
    expect(successVerdict(null, { guidance: 3, holdout: 1 })).toMatch(/so far 3 in the guidance arm and 1 in the holdout\.$/);
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked, { effect: 0.1, neededTotal: 400, more: 120 })).toMatch(
      /^Not yet a finding: \+15\.0 pp.*underpowered \(120 more sessions needed\)/,
    );
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked, { effect: 0.1, neededTotal: 400, more: 0 })).toMatch(/^Sessions given guidance succeeded more often/);
  });

  it("says, with the holdout off, that there is nothing to compare and how many guided sessions have arrived", () => {
    expect(holdoutOffVerdict({ guidance: 1, holdout: 0 })).toMatch(/^The holdout is off: .*no holdout to compare with\. 1 session of the guidance arm has a trajectory; turn the holdout on/);
    expect(holdoutOffVerdict({ guidance: 24, holdout: 0 })).toContain("24 sessions of the guidance arm have a trajectory");
  });

  it("states the power figure for every state", () => {
    expect(powerSentence({ effect: 0.1, neededTotal: 620, more: 580 })).toBe(
      "580 more sessions needed to detect a 10-point difference in success (620 sessions with a trajectory in all, at 80% power and the 5% level).",
    );
    expect(powerSentence({ effect: 0.1, neededTotal: 1, more: 0 })).toMatch(/^Enough sessions to detect a 10-point difference/);
    expect(powerSentence({ effect: 0.1, neededTotal: null, more: null })).toMatch(/known once each arm has 2 sessions/);
  });

  it("formats rates and says when nobody was eligible", () => {
    expect(formatRate({ eligible: 50, followed: 31, rate: 0.62 })).toBe("62% (31 of 50)");
    expect(formatRate({ eligible: 0, followed: 0, rate: null })).toBe("nobody eligible");
  });

  it("shares one bar scale across rows, rounded up to 25 points, and places intervals on it", () => {
    expect(intervalScale([{ low: -0.1, high: 0.2 }, { low: null, high: null }])).toBe(0.25);
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
    expect(adherenceSummary(row)).toBe("run a build or tests after the last edit — given the rule: 75% (15 of 20); holdout: nobody eligible.");
    expect(adherenceSummary({ ...row, holdout: { eligible: 10, followed: 5, rate: 0.5 }, difference: 0.25, low: -0.1, high: 0.55 })).toMatch(
      /difference \+25 pp, 95% interval −10…\+55 pp\.$/,
    );
  });

  it("turns weekly points into percent rows and encodes the CSV link", () => {
    const rows = weekRows([
      { week: "2026-W49", guidance: { n: 3, mean: 0.8123 }, holdout: { n: 0, mean: null }, adherenceGiven: 0.5, adherenceHoldout: null },
    ]);
    expect(rows).toEqual([{ week: "2026-W49", guidance: 81.2, holdout: null, guidanceN: 3, holdoutN: 0, adherenceGiven: 50, adherenceHoldout: null }]);
    expect(sessionsCsvHref("a b")).toBe("/api/v1/projects/a%20b/experiment/sessions.csv");
  });
});
