import { describe, expect, it } from "vitest";
import type { ArmComparison } from "@/lib/experiment/contract";
import type { OutcomeComparison, SavingsPanel } from "@/lib/experiment/outcome-contract";
import {
  armInterval,
  formatChange,
  formatComparison,
  formatOutcomeValue,
  formatRate,
  holdoutOffVerdict,
  powerSentence,
  savingsItems,
  successVerdict,
} from "@/lib/experiment/wording";

const base: OutcomeComparison = {
  key: "cost",
  label: "Cost per session",
  unit: "usd",
  method: "ratio",
  primary: true,
  guidance: { n: 10, mean: 0.8 },
  holdout: { n: 10, mean: 1 },
  estimate: 0.8,
  low: 0.69,
  high: 0.92,
  pValue: 0.01,
  reading: "lower",
};

const comparison = (difference: number, low: number, high: number): ArmComparison => ({
  guidance: { n: 40, mean: 0.7 + difference, sd: 0.2 },
  holdout: { n: 12, mean: 0.7, sd: 0.2 },
  difference,
  low,
  high,
  pValue: 0.2,
});

describe("formatChange", () => {
  it("shows the change alone, compactly, for a rule's table cell", () => {
    expect(formatChange(base)).toBe("−20%");
    expect(formatChange({ ...base, key: "toolErrors", unit: "count", method: "difference", estimate: 0.4 })).toBe(
      "+0.4",
    );
    expect(formatChange({ ...base, estimate: null })).toBe("—");
  });
});

describe("formatComparison", () => {
  it("shows a ratio as the change in percent with its interval", () => {
    expect(formatComparison(base)).toBe("−20% (95% CI −31% … −8%)");
  });

  it("shows a difference of shares in points, and a dash until there is an estimate", () => {
    expect(
      formatComparison({
        ...base,
        key: "knownMistakes",
        unit: "share",
        method: "difference",
        estimate: -0.25,
        low: -0.33,
        high: -0.17,
      }),
    ).toBe("−25 pp (95% CI −33 pp … −17 pp)");
    expect(formatComparison({ ...base, estimate: null, low: null, high: null })).toBe("—");
  });

  it("formats each arm's mean in its unit", () => {
    expect(formatOutcomeValue("share", 0.3)).toBe("30%");
    expect(formatOutcomeValue("count", 1.25)).toBe("1.3");
    expect(formatOutcomeValue("usd", null)).toBe("—");
  });
});

describe("the success comparison, the power figure and rates in words", () => {
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
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked)).toMatch(
      /^Sessions given guidance succeeded more often: \+15\.0 pp.*excludes zero/,
    );
    expect(successVerdict(comparison(-0.15, -0.25, -0.05), linked)).toMatch(/succeeded less often: −15\.0 pp/);
    expect(successVerdict(comparison(0.05, -0.05, 0.15), linked)).toBe(
      "No difference that can be told apart from chance yet: the 95% interval, −5.0…+15.0 pp, includes zero.",
    );
    expect(successVerdict(null, { guidance: 3, holdout: 1 })).toMatch(
      /so far 3 in the guidance arm and 1 in the holdout\.$/,
    );
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked, { effect: 0.1, neededTotal: 400, more: 120 })).toMatch(
      /^Not yet a finding: \+15\.0 pp.*underpowered \(120 more sessions needed\)/,
    );
    expect(successVerdict(comparison(0.15, 0.05, 0.25), linked, { effect: 0.1, neededTotal: 400, more: 0 })).toMatch(
      /^Sessions given guidance succeeded more often/,
    );
  });

  it("says, with the holdout off, that there is nothing to compare and how many guided sessions have arrived", () => {
    expect(holdoutOffVerdict({ guidance: 1, holdout: 0 })).toMatch(
      /^The holdout is off: .*no holdout to compare with\. 1 session of the guidance arm has a transcript; turn the holdout on/,
    );
    expect(holdoutOffVerdict({ guidance: 24, holdout: 0 })).toContain(
      "24 sessions of the guidance arm have a transcript",
    );
  });

  it("states the power figure for every state", () => {
    expect(powerSentence({ effect: 0.1, neededTotal: 620, more: 580 })).toBe(
      "580 more sessions needed to detect a 10-point difference in success (620 sessions with a transcript in all, at 80% power and the 5% level).",
    );
    expect(powerSentence({ effect: 0.1, neededTotal: 1, more: 0 })).toMatch(
      /^Enough sessions to detect a 10-point difference/,
    );
    expect(powerSentence({ effect: 0.1, neededTotal: null, more: null })).toMatch(/known once each arm has 2 sessions/);
  });

  it("formats rates and says when nobody was eligible", () => {
    expect(formatRate({ eligible: 50, followed: 31, rate: 0.62 })).toBe("62% (31 of 50)");
    expect(formatRate({ eligible: 0, followed: 0, rate: null })).toBe("nobody eligible");
  });
});

describe("savingsItems", () => {
  it("writes what was saved with its interval, a negative end with a minus sign like the other figures", () => {
    const savings: SavingsPanel = {
      guidanceTokens: 1200,
      guidanceUsdPerSession: 0.0036,
      injectedUsd: 0.36,
      saved: {
        usdPerSession: { estimate: 0.05, low: -0.02, high: 0.12 },
        stepsPerSession: { estimate: 2, low: -0.3, high: 4.3 },
        msPerSession: null,
      },
      verdict: "not yet known",
      reason: "",
    };
    expect(Object.fromEntries(savingsItems(savings))).toEqual({
      "The guidance itself": "≈ 1,200 tokens, <$0.01 per session",
      "Injected this period": "$0.36",
      "Spend saved per session": "$0.05 (95% CI −$0.02 … $0.12)",
      "Steps saved per session": "2.0 (95% CI −0.3 … 4.3)",
      "Time saved per session": "— (too few sessions)",
    });
  });
});
