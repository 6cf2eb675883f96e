import { describe, expect, it } from "vitest";
import type { Comparison } from "@/lib/guidance/aggregates";
import { distilRules, evidenceLine, instructionForKey } from "@/lib/guidance/rules";
import { fitCoefficient } from "@/lib/learn/regression";
import { moments } from "@/lib/learn/stats";

const rep = (values: number[], times: number) => Array.from({ length: times }, () => values).flat();

/** A comparison whose adjusted difference is the two-group regression's (nothing else to adjust for). */
function comparison(
  key: string,
  withScores: number[],
  withoutScores: number[],
  extra: Partial<Comparison> = {},
): Comparison {
  const [w, wo] = [moments(withScores), moments(withoutScores)];
  const fit = fitCoefficient(
    [
      { x: [1, 1], n: w.n, sum: w.sum, sumSq: w.sumSq },
      { x: [1, 0], n: wo.n, sum: wo.sum, sumSq: wo.sumSq },
    ],
    1,
  );
  const adjusted = fit && { estimate: fit.estimate, se: fit.se, df: fit.df, adjustedFor: [] };
  return {
    key,
    source: "verification",
    domain: null,
    tool: null,
    outcome: "success",
    with: w,
    without: wo,
    adjusted,
    ...extra,
  };
}

describe("distilRules", () => {
  it("supports a clear effect, with the adjusted interval as evidence", () => {
    const [rule] = distilRules([comparison("verification", rep([0.9, 1, 0.95], 10), rep([0.6, 0.7, 0.8], 10))]);
    expect(rule?.support).toBe("supported");
    expect(rule?.instruction).toBe(
      "In this project, sessions that ran the build or tests after changing several files succeeded more often than those that did not.",
    );
    expect(rule?.evidence).toMatchObject({ with: { n: 30 }, method: "adjusted", adjustedFor: [], outcome: "success" });
    expect(rule?.evidence.difference).toBeCloseTo(0.25, 10);
    expect(rule?.evidence.low).toBeGreaterThan(0);
    expect(rule?.evidenceLine).toBe(
      "30 vs 30 sessions, 95% vs 70% success: at least +22 pp (the 95% interval's conservative end); raw +25 pp, adjusted +25 pp, 95% CI +22…+28",
    );
  });

  it("marks an effect whose plain 95% interval excludes zero but the corrected one does not as provisional", () => {
    // Alone, its 95% interval excludes zero; among 40 comparisons (Bonferroni level 1 − 0.05/40) it does not.
    const borderline = comparison("verification", rep([0.7, 0.9], 10), rep([0.6, 0.8], 10));
    expect(distilRules([borderline])[0]?.support).toBe("supported");
    const noise = Array.from({ length: 39 }, (_, i) =>
      comparison(
        `tool-preference:d:mcp__noise__t${String(i).padStart(2, "0")}`,
        rep([0.5, 0.6], 5),
        rep([0.6, 0.5], 5),
        { source: "tool-preference", domain: "d", tool: `mcp__noise__t${i}` },
      ),
    );
    const rule = distilRules([borderline, ...noise]).find((r) => r.key === "verification");
    expect(rule?.evidence.low).toBeGreaterThan(0);
    expect(rule?.support).toBe("provisional");
  });

  it("states no rule when the plain interval includes zero, the difference is against the behaviour, or it rounds to 0 pp", () => {
    const rules = distilRules([
      comparison("verification", [0.9, 0.2, 0.8, 0.5, 0.7], [0.6, 0.4, 0.9, 0.3, 0.6]),
      comparison("focus", [0.5, 0.6, 0.4, 0.5, 0.6], [0.9, 0.8, 0.9, 0.8, 0.9], { source: "focus" }),
      comparison("delegation", rep([0.503, 0.504], 50), rep([0.5, 0.501], 50), { source: "delegation" }),
    ]);
    expect(rules).toEqual([]);
  });

  it("needs MIN_GROUP sessions in each group and an adjusted difference", () => {
    expect(distilRules([comparison("verification", [1, 1, 0.9, 1], rep([0.1, 0.2], 10))])).toEqual([]);
    expect(
      distilRules([{ ...comparison("verification", rep([0.9, 1], 10), rep([0.5, 0.6], 10)), adjusted: null }]),
    ).toEqual([]);
  });

  it("orders supported rules first, then by strength of evidence, then key", () => {
    const rules = distilRules([
      comparison("b", rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "delegation" }),
      comparison("a", rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "read-before-edit" }),
      comparison("c", rep([0.9, 1], 20), rep([0.5, 0.6], 20), { source: "focus" }),
      comparison("d", rep([0.7, 0.9], 10), rep([0.6, 0.8], 10)),
    ]);
    expect(rules.map((r) => r.key)).toEqual(["c", "a", "b", "d"]);
  });

  it("words tool preferences per domain and pooled, and shell use as running the build or tests", () => {
    const tool = (key: string, domain: string | null, name: string) =>
      comparison(key, rep([0.9, 1], 10), rep([0.5, 0.6], 10), { source: "tool-preference", domain, tool: name });
    const rules = distilRules([
      tool("tool-preference:testing:Read", "testing", "Read"),
      tool("tool-preference:Bash", null, "Bash"),
      tool("tool-preference:debugging:Bash", "debugging", "Bash"),
    ]);
    expect(Object.fromEntries(rules.map((r) => [r.key, r.instruction]))).toEqual({
      "tool-preference:testing:Read":
        "In testing work in this project, sessions that made full use of `Read` (5+ calls) succeeded more often than those that did not.",
      "tool-preference:Bash":
        "In this project, sessions that ran the build or tests as they worked (5+ shell commands) succeeded more often than those that did not.",
      "tool-preference:debugging:Bash":
        "In debugging work in this project, sessions that ran the build or tests as they worked (5+ shell commands) succeeded more often than those that did not.",
    });
    expect(rules.find((r) => r.key === "tool-preference:testing:Read")?.domain).toBe("testing");
  });

  it("states no rule about a tool that is not one of the agent's real tools, whatever its evidence", () => {
    const tool = (name: string) =>
      comparison(`tool-preference:testing:${name}`, rep([0.9, 1], 10), rep([0.5, 0.6], 10), {
        source: "tool-preference",
        domain: "testing",
        tool: name,
      });
    const rules = distilRules(
      ["git-push--force", "sudo", "curl", "rm:-rf", "mcp__x__y;rm", "mcp__github__create_issue"].map(tool),
    );
    expect(rules.map((r) => r.instruction)).toEqual([
      "In testing work in this project, sessions that made full use of `mcp__github__create_issue` (5+ calls) succeeded more often than those that did not.",
    ]);
  });
});

describe("distilRules, raw beside adjusted", () => {
  it("states no rule when the adjustment turns the raw difference around", () => {
    const c = comparison("focus", rep([0.5, 0.6], 20), rep([0.6, 0.7], 20), { source: "focus" });
    const flipped = { ...c, adjusted: { estimate: 0.1, se: 0.01, df: 38, adjustedFor: ["domain"] } };
    expect(distilRules([flipped])).toEqual([]);
    const agrees = comparison("focus", rep([0.6, 0.7], 20), rep([0.5, 0.6], 20), { source: "focus" });
    expect(distilRules([agrees])[0]?.evidence.raw).toBeCloseTo(0.1);
  });
});

describe("instructionForKey", () => {
  it("writes the instruction of a known key afresh, and refuses anything else", () => {
    expect(instructionForKey("tool-preference:Grep")).toBe(
      "In this project, sessions that made full use of `Grep` (5+ calls) succeeded more often than those that did not.",
    );
    expect(instructionForKey("tool-preference:mcp__github__create_issue")).toBe(
      "In this project, sessions that made full use of `mcp__github__create_issue` (5+ calls) succeeded more often than those that did not.",
    );
    expect(instructionForKey("tool-preference:testing:Bash")).toBe(
      "In testing work in this project, sessions that ran the build or tests as they worked (5+ shell commands) succeeded more often than those that did not.",
    );
    expect(instructionForKey("focus")).toMatch(
      /^In this project, changes focused on 5 files or fewer succeeded more often/,
    );
    for (const bad of [
      "tool-preference:a b",
      "tool-preference:a:b:c",
      "tool-preference:testing:rm -rf",
      "tool-preference:sudo",
      "tool-preference:testing:git-push--force",
      "focus:x",
      "nope",
    ])
      expect(instructionForKey(bad)).toBeNull();
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
    expect(line).toBe(
      "18 vs 12 sessions, 96% vs 71% success: at least +14 pp (the 95% interval's conservative end); raw +25 pp, Welch +25 pp, 95% CI +14…+36",
    );
    expect(
      evidenceLine({
        with: { n: 5, mean: 0.6, sd: 0.1 },
        without: { n: 5, mean: 0.55, sd: 0.1 },
        difference: 0.05,
        low: -0.03,
        high: 0.13,
        method: "welch",
      }),
    ).toBe(
      "5 vs 5 sessions, 60% vs 55% success: at least 0 pp (the 95% interval's conservative end); raw +5 pp, Welch +5 pp, 95% CI \u22123…+13",
    );
  });

  it("says what an adjusted difference holds constant and which score it compares", () => {
    const line = evidenceLine({
      with: { n: 120, mean: 0.78, sd: 0.1 },
      without: { n: 80, mean: 0.7, sd: 0.1 },
      difference: 0.06,
      low: 0.02,
      high: 0.1,
      method: "adjusted",
      adjustedFor: ["domain", "reading first", "session length", "focus"],
      outcome: "unverified",
    });
    expect(line).toBe(
      "120 vs 80 sessions, 78% vs 70% success: at least +2 pp (the 95% interval's conservative end); raw +8 pp, adjusted +6 pp, 95% CI +2…+10 (adjusted for domain, reading first, session length and focus; success without the verification signal)",
    );
  });
});
