import { describe, expect, it } from "vitest";
import type { OutcomeComparison } from "@/lib/experiment/outcome-contract";
import { formatChange, formatComparison, formatOutcomeValue } from "./outcomes-view";

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

describe("formatChange", () => {
  it("shows the change alone, compactly, for a rule's table cell", () => {
    expect(formatChange(base)).toBe("−20%");
    expect(formatChange({ ...base, key: "toolErrors", unit: "count", method: "difference", estimate: 0.4 })).toBe("+0.4");
    expect(formatChange({ ...base, estimate: null })).toBe("—");
  });
});

describe("formatComparison", () => {
  it("shows a ratio as the change in percent with its interval", () => {
    expect(formatComparison(base)).toBe("−20% (95% CI −31% … −8%)");
  });

  it("shows a difference of shares in points, and a dash until there is an estimate", () => {
    expect(formatComparison({ ...base, key: "knownMistakes", unit: "share", method: "difference", estimate: -0.25, low: -0.33, high: -0.17 })).toBe("−25 pp (95% CI −33 pp … −17 pp)");
    expect(formatComparison({ ...base, estimate: null, low: null, high: null })).toBe("—");
  });

  it("formats each arm's mean in its unit", () => {
    expect(formatOutcomeValue("share", 0.3)).toBe("30%");
    expect(formatOutcomeValue("count", 1.25)).toBe("1.3");
    expect(formatOutcomeValue("usd", null)).toBe("—");
  });
});
