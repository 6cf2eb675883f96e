import { describe, expect, it } from "vitest";
import type { Rule } from "@/lib/guidance/contract";
import { chartSummary, evidenceLine, groupBars, ruleHref, welchDetails } from "./view";

/** A hand-made rule in the contract's shape: 18 sessions at 96% vs 12 at 71%. */
const SAMPLE: Rule = {
  key: "tool-preference:testing:Bash",
  source: "tool-preference",
  domain: "testing",
  instruction: "In testing work, use Bash.",
  evidenceLine: "",
  evidence: {
    with: { n: 18, mean: 0.96, sd: 0.08 },
    without: { n: 12, mean: 0.71, sd: 0.2 },
    difference: 0.25,
    low: 0.14,
    high: 0.36,
    method: "welch",
  },
  support: "supported",
};

describe("rules view helpers", () => {
  it("builds the evidence line when the rule has none", () => {
    expect(evidenceLine(SAMPLE)).toBe("18 vs 12 sessions, 96% vs 71% success, +25 pp, 95% CI +14…+36 pp");
    expect(evidenceLine({ ...SAMPLE, evidenceLine: "given" })).toBe("given");
  });

  it("puts the difference's interval on the other group's mean", () => {
    const [withBar, withoutBar] = groupBars(SAMPLE.evidence);
    expect(withBar!.mean).toBeCloseTo(96);
    expect(withBar!.low).toBeCloseTo(85);
    expect(withBar!.high).toBeCloseTo(107);
    expect(withBar!.whisker[0]).toBeCloseTo(11);
    expect(withBar!.whisker[1]).toBeCloseTo(11);
    expect(withoutBar!.whisker).toEqual([0, 0]);
    expect(chartSummary(SAMPLE.evidence)).toContain("95% interval +14…+36");
  });

  it("gives Welch's df and standard error", () => {
    const w = welchDetails(SAMPLE.evidence)!;
    // se = sqrt(0.08²/18 + 0.2²/12) = sqrt(0.000356 + 0.003333) = 0.06074
    expect(w.se).toBeCloseTo(0.06074, 4);
    // df = se⁴ / ((0.000356)²/17 + (0.003333)²/11) ≈ 13.4
    expect(w.df).toBeCloseTo(13.4, 1);
    expect(welchDetails({ ...SAMPLE.evidence, with: { n: 1, mean: 1, sd: 0 } })).toBeNull();
  });

  it("encodes keys in links", () => {
    expect(ruleHref("my app", "tool-preference:testing:Bash")).toBe(
      "/projects/my%20app/rules/tool-preference%3Atesting%3ABash",
    );
  });
});
