import { describe, expect, it } from "vitest";
import type { Comparison } from "@/lib/guidance/aggregates";
import { distilRules, evidenceLine } from "@/lib/guidance/rules";
import { moments } from "@/lib/learn/stats";

const rep = (values: number[], times: number) => Array.from({ length: times }, () => values).flat();

function comparison(key: string, withScores: number[], withoutScores: number[], extra: Partial<Comparison> = {}): Comparison {
  return { key, source: "verification", domain: null, tool: null, with: moments(withScores), without: moments(withoutScores), ...extra };
}

describe("distilRules", () => {
  it("supports a clear effect, with the Welch interval as evidence", () => {
    const [rule] = distilRules([comparison("verification", rep([0.9, 1, 0.95], 10), rep([0.6, 0.7, 0.8], 10))]);
    expect(rule?.support).toBe("supported");
    expect(rule?.instruction).toBe("After changing several files, run the build or tests before finishing.");
    expect(rule?.evidence.with).toMatchObject({ n: 30 });
    expect(rule?.evidence.difference).toBeCloseTo(0.25, 10);
    expect(rule?.evidence.low).toBeGreaterThan(0);
    expect(rule?.evidenceLine).toBe("30 vs 30 sessions, 95% vs 70% success, +25 pp, 95% CI +22…+28"); // scipy ttest_ind(equal_var=False): 0.2158…0.2842
  });

  it("marks the right direction with an interval including zero as provisional, and drops the wrong direction", () => {
    const rules = distilRules([
      comparison("verification", [0.9, 0.2, 0.8, 0.5, 0.7], [0.6, 0.4, 0.9, 0.3, 0.6]),
      comparison("focus", [0.5, 0.6, 0.4, 0.5, 0.6], [0.9, 0.8, 0.9, 0.8, 0.9], { source: "focus" }),
    ]);
    expect(rules.map((r) => [r.key, r.support])).toEqual([["verification", "provisional"]]);
  });

  it("needs MIN_GROUP sessions in each group", () => {
    expect(distilRules([comparison("verification", [1, 1, 0.9, 1], rep([0.1, 0.2], 10))])).toEqual([]);
  });

  it("corrects for the number of comparisons: a borderline effect among many tests is provisional", () => {
    // Alone, its 95% interval excludes zero; among 40 comparisons (Bonferroni level 1 − 0.05/40) it does not.
    const borderline = comparison("verification", rep([0.7, 0.9], 10), rep([0.6, 0.8], 10));
    expect(borderline.with.n).toBe(20);
    expect(distilRules([borderline])[0]?.support).toBe("supported");
    const noise = Array.from({ length: 39 }, (_, i) =>
      comparison(`tool-preference:d:T${String(i).padStart(2, "0")}`, rep([0.5, 0.6], 5), rep([0.6, 0.5], 5), { source: "tool-preference", domain: "d", tool: `T${i}` }),
    );
    const rule = distilRules([borderline, ...noise]).find((r) => r.key === "verification");
    expect(rule?.evidence.low).toBeGreaterThan(0);
    expect(rule?.support).toBe("provisional");
  });

  it("orders supported rules first, then by strength of evidence, then key", () => {
    const rules = distilRules([
      comparison("b", rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "delegation" }),
      comparison("a", rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "read-before-edit" }),
      comparison("c", rep([0.9, 1], 20), rep([0.5, 0.6], 20), { source: "focus" }),
      comparison("d", [0.9, 0.2, 0.8, 0.5, 0.7], [0.6, 0.4, 0.9, 0.3, 0.6]),
    ]);
    expect(rules.map((r) => r.key)).toEqual(["c", "a", "b", "d"]);
  });

  it("words tool preferences per domain", () => {
    const [rule] = distilRules([
      comparison("tool-preference:testing:Bash", rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "tool-preference", domain: "testing", tool: "Bash" }),
    ]);
    expect(rule?.instruction).toBe("In testing work, make full use of Bash (5+ calls in a session).");
    expect(rule?.domain).toBe("testing");
  });
});

describe("evidenceLine", () => {
  it("uses the brief's form, with a typographic minus below zero", () => {
    const line = evidenceLine({
      with: { n: 18, mean: 0.96, sd: 0.1 },
      without: { n: 12, mean: 0.71, sd: 0.2 },
      difference: 0.25,
      low: 0.14,
      high: 0.36,
      method: "welch",
    });
    expect(line).toBe("18 vs 12 sessions, 96% vs 71% success, +25 pp, 95% CI +14…+36");
    expect(
      evidenceLine({ with: { n: 5, mean: 0.6, sd: 0.1 }, without: { n: 5, mean: 0.55, sd: 0.1 }, difference: 0.05, low: -0.03, high: 0.13, method: "welch" }),
    ).toBe("5 vs 5 sessions, 60% vs 55% success, +5 pp, 95% CI \u22123…+13");
  });
});
