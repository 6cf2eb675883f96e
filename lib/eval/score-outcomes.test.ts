import { describe, expect, it } from "vitest";
import type { OutcomeLabel } from "./gold";
import { agrees, scoreOutcomes } from "./score-outcomes";

const label = (l: OutcomeLabel["label"]): OutcomeLabel => ({
  project_folder: "-p",
  label: l,
  confidence: 0.9,
  prompts: 1,
  evidence: "e",
});

describe("the outcome scorer (the rules of score-outcomes.py)", () => {
  it("agrees with success at ≥ 0.7, with failure at ≤ 0.5, with partial at any score, never without a score", () => {
    expect([agrees("success", 0.7), agrees("success", 0.69), agrees("failure", 0.5), agrees("failure", 0.51)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([agrees("partial", 0), agrees("partial", 1), agrees("success", null), agrees("partial", null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("leaves unclear out, counts a missing score as a disagreement, and counts successes scored as failures", () => {
    const gold = {
      a: label("success"),
      b: label("success"),
      c: label("failure"),
      d: label("unclear"),
      e: label("partial"),
    };
    const score = scoreOutcomes(
      gold,
      new Map([
        ["a", 0.4],
        ["c", 0.2],
        ["d", 0.9],
        ["e", 0.6],
      ]),
    );
    expect(score).toMatchObject({ agree: 2, total: 4, wronglyFailed: 1 });
    expect(score.rows.map((r) => [r.session, r.agrees])).toEqual([
      ["a", false],
      ["b", false],
      ["c", true],
      ["e", true],
    ]);
  });
});
