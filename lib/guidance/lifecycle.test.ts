import { describe, expect, it } from "vitest";
import { evidence, rule, sampleContent } from "@/test/factories/guidance";
import { renderAdr } from "./adr";
import { diffRules, ruleLifecycles, snapshot, type GenerationRules } from "./lifecycle";

const DAY = 86_400_000;
const supported = (key: string) => snapshot(rule(key));
const provisional = (key: string) =>
  snapshot(rule(key, { support: "provisional", evidence: evidence(9, 0.8, 12, 0.74, -0.04, 0.16) }));
const gen = (generation: number, ...rules: ReturnType<typeof supported>[]): GenerationRules => ({
  generation,
  createdAt: generation * DAY,
  rules,
});

describe("ruleLifecycles", () => {
  it("promotes a rule supported in N consecutive generations, not before", () => {
    const two = ruleLifecycles([gen(1, supported("a")), gen(2, supported("a"))], 3);
    expect(two[0]).toMatchObject({ key: "a", status: "supported", supportedStreak: 2 });
    const three = ruleLifecycles([gen(3, supported("a")), gen(1, supported("a")), gen(2, supported("a"))], 3);
    expect(three[0]).toMatchObject({ status: "promoted", supportedStreak: 3, firstGeneration: 1, retired: null });
    // A gap resets the streak.
    const gap = ruleLifecycles(
      [gen(1, supported("a")), gen(2, supported("a")), gen(3, provisional("a")), gen(4, supported("a"))],
      3,
    );
    expect(gap[0]).toMatchObject({ status: "supported", supportedStreak: 1 });
  });

  it("retires a rule whose interval now includes zero, with the date and the reason", () => {
    const [life] = ruleLifecycles(
      [gen(1, supported("a")), gen(2, supported("a")), gen(3, supported("a")), gen(4, provisional("a"))],
      3,
    );
    expect(life!.status).toBe("retired");
    expect(life!.retired).toEqual({
      generation: 4,
      at: 4 * DAY,
      reason: `interval now includes zero: ${provisional("a").evidenceLine}`,
    });
    expect(life!.latest.support).toBe("provisional");
  });

  it("retires a rule that is no longer distilled as 'group too small', and keeps it retired later", () => {
    const [life] = ruleLifecycles([gen(1, supported("a")), gen(2), gen(3, supported("b"))], 3).filter(
      (l) => l.key === "a",
    );
    expect(life).toMatchObject({ status: "retired", retired: { generation: 2, at: 2 * DAY } });
    expect(life!.retired!.reason).toMatch(/^group too small/);
  });

  it("lists provisional rules as provisional and forgets ones that were only ever provisional", () => {
    expect(ruleLifecycles([gen(1, provisional("p"))], 3)).toMatchObject([
      { key: "p", status: "provisional", lastSupportedGeneration: null },
    ]);
    expect(ruleLifecycles([gen(1, provisional("p")), gen(2)], 3)).toEqual([]);
    expect(ruleLifecycles([], 3)).toEqual([]);
  });
});

describe("diffRules", () => {
  it("lists rules added, removed and changed", () => {
    const before = sampleContent();
    const after = sampleContent({
      rules: [
        rule("verification", { evidence: evidence(30, 0.95, 20, 0.7, 0.12, 0.38) }),
        rule("read-before-edit", {
          source: "read-before-edit",
          instruction: "Read a file before editing it.",
          evidence: evidence(120, 0.82, 60, 0.64, 0.05, 0.31),
        }),
        rule("focus", { source: "focus" }),
      ],
    });
    const diff = diffRules({ generation: 4, content: before }, after);
    expect(diff.previousGeneration).toBe(4);
    expect(diff.added.map((r) => r.key)).toEqual(["focus"]);
    expect(diff.removed.map((r) => r.key)).toEqual(["delegation", "tool-preference:testing:Bash"]);
    expect(diff.changed.map((c) => c.key)).toEqual(["verification"]);
    expect(diffRules(null, before).added).toHaveLength(4);
  });
});

describe("renderAdr", () => {
  it("has title, status, context, decision, evidence and consequences, deterministically", () => {
    const [life] = ruleLifecycles([gen(1, supported("a")), gen(2, supported("a")), gen(3, supported("a"))], 3);
    const adr = renderAdr({ project: "alpha", rule: life!, promotedAt: 3 * DAY, promoteAfter: 3 });
    expect(adr).toMatch(/^# ADR: Rule a: run the tests after changing several files\.\n/);
    for (const h of ["## Status", "## Context", "## Decision", "## Evidence", "## Consequences"])
      expect(adr).toContain(`\n${h}\n`);
    expect(adr).toContain("promoted by Starlight on 1970-01-04 after 3 consecutive guidance generations");
    expect(adr).toContain("18 vs 12 sessions");
    expect(adr).toContain("The test used: ");
    expect(adr).toContain("What is known: observed, not yet tested");
    expect(renderAdr({ project: "alpha", rule: life!, promotedAt: 3 * DAY, promoteAfter: 3 })).toBe(adr);
  });

  it("states the rule's randomised verdict in words, and that a rule tested to hurt no longer reaches agents", () => {
    const [life] = ruleLifecycles([gen(1, supported("a")), gen(2, supported("a")), gen(3, supported("a"))], 3);
    const tested = (verdict: "helps" | "hurts", effect: number) =>
      renderAdr({
        project: "alpha",
        rule: {
          ...life!,
          latest: {
            ...life!.latest,
            test: { verdict, effect, low: effect - 0.04, high: effect + 0.04, told: 300, notTold: 310 },
          },
        },
        promotedAt: 3 * DAY,
        promoteAfter: 3,
      });
    const helps = tested("helps", 0.08);
    expect(helps).toContain(
      "What is known: tested by randomisation in this project: helps — sessions given this rule succeeded 8 pp more often than sessions not given it (95% CI +4…+12 pp; 300 vs 310 sessions); it stays in the guidance.",
    );
    expect(helps).toContain("told of the rule at the start of every session");
    const hurts = tested("hurts", -0.08);
    expect(hurts).toContain("succeeded 8 pp less often than sessions not given it");
    expect(hurts).toContain("no longer told of the rule");
    expect(hurts).not.toContain("told of the rule at the start of every session");
  });
});
