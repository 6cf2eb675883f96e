import { beforeAll, describe, expect, it } from "vitest";
import { ruleIncluded, splitRules } from "@/lib/experiment/arm";
import {
  factorialSessions,
  ruleArmsOf,
  ruleEffects,
  ruleTest,
  ruleTests,
  RULE_OUTCOMES,
  type FactorialSession,
  type RuleArms,
  type RuleEffect,
} from "@/lib/experiment/rule-effects";
import { simulateFactorial } from "@/test/factories/experiment/simulate-factorial";
import type { Comparison } from "@/lib/guidance/aggregates";
import type { RuleTest } from "@/lib/guidance/contract";
import { distil } from "@/lib/guidance/distil";
import { renderGuidance } from "@/lib/guidance/render";
import { knowledgeNote, ruleKnowledge } from "@/lib/guidance/rule-status";
import { fitCoefficient } from "@/lib/learn/regression";
import { moments } from "@/lib/learn/stats";

const SEEDS = 100;
const PLANTED = { verification: 0.1, focus: 0, delegation: -0.1 } as const;

/**
 * The sessions of each of SEEDS seeded factorial experiments of 2,000 sessions (20% holdout), simulated once per
 * file: the estimates (`runs`) and the verdicts where guidance is built (`guidanceRuns`) read the same experiments.
 */
const experiments = new Map<string, FactorialSession[][]>();
function experimentsOf(effects: Readonly<Record<string, number>>, hiddenDifficulty = 0): FactorialSession[][] {
  const key = JSON.stringify([effects, hiddenDifficulty]);
  const made =
    experiments.get(key) ??
    Array.from({ length: SEEDS }, (_, seed) => {
      const { salt, sessions } = simulateFactorial({
        seed,
        sessions: 2000,
        holdoutShare: 0.2,
        effects,
        baseSuccess: 0.6,
        hiddenDifficulty,
      });
      return factorialSessions(sessions, salt);
    });
  experiments.set(key, made);
  return made;
}

/** Each rule's estimate over the SEEDS experiments. */
function runs(effects: Readonly<Record<string, number>>, hiddenDifficulty = 0): RuleEffect[][] {
  return experimentsOf(effects, hiddenDifficulty).map((sessions) => ruleEffects(sessions, Object.keys(effects)));
}

/** Each rule's told and not-told success, summed as where guidance is built: from each delivery's rules and kept draw. */
const armsOf = (sessions: readonly FactorialSession[]): RuleArms[] =>
  ruleArmsOf(sessions.map((s) => ({ rules: [...s.told, ...s.leftOut], leftOut: [...s.leftOut], success: s.success })));

/** Each seed's verdicts as guidance carries them (lib/server/rule-tests.ts), from the same experiments as `runs`. */
function guidanceRuns(effects: Readonly<Record<string, number>>): Map<string, RuleTest>[] {
  return experimentsOf(effects).map((sessions) => ruleTests(armsOf(sessions)));
}

/** An observational comparison that states `key` as a supported rule: every planted rule looks helpful to an observer. */
function looksHelpful(key: "verification" | "focus" | "delegation"): Comparison {
  const [w, wo] = [
    moments(Array.from({ length: 60 }, (_, i) => (i % 10 < 8 ? 1 : 0))),
    moments(Array.from({ length: 60 }, (_, i) => (i % 10 < 5 ? 1 : 0))),
  ];
  const fit = fitCoefficient(
    [
      { x: [1, 1], ...w },
      { x: [1, 0], ...wo },
    ],
    1,
  )!;
  return {
    key,
    source: key,
    domain: null,
    tool: null,
    outcome: "success",
    with: w,
    without: wo,
    adjusted: { estimate: fit.estimate, se: fit.se, df: fit.df, adjustedFor: ["domain"] },
  };
}

const share = (results: RuleEffect[][], key: string, test: (e: RuleEffect) => boolean) =>
  results.filter((r) => test(r.find((e) => e.key === key)!)).length / results.length;
const covers = (x: number) => (e: RuleEffect) => e.low! <= x && x <= e.high!;

describe("ruleIncluded", () => {
  it("tells each rule to about half the sessions, independently of the other rules and of the arm's draw", () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `session-${i}`);
    const a = ids.map((id) => ruleIncluded(id, "salt", "verification"));
    const b = ids.map((id) => ruleIncluded(id, "salt", "focus"));
    const rate = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;
    expect(Math.abs(rate(a) - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(rate(a.map((x, i) => x && b[i]!)) - 0.25)).toBeLessThan(0.03);
    expect(splitRules("session-1", "salt", ["verification", "focus"])).toEqual(
      splitRules("session-1", "salt", ["verification", "focus"]),
    );
  });
});

describe("ruleEffects on a factorial experiment with known truth", () => {
  let results: RuleEffect[][] = [];
  beforeAll(() => {
    results = runs(PLANTED);
  }, 120_000);

  it("covers each planted effect in at least 90% of seeds and gives each rule its verdict", () => {
    expect(share(results, "verification", covers(PLANTED.verification))).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "delegation", covers(PLANTED.delegation))).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "focus", covers(0))).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "verification", (e) => e.verdict === "helps")).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "delegation", (e) => e.verdict === "hurts")).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "focus", (e) => e.verdict === "helps" || e.verdict === "hurts")).toBeLessThanOrEqual(0.1);
  });

  it("headlines the interval's conservative end, never above the planted effect's size in most seeds", () => {
    expect(share(results, "verification", (e) => e.headline! <= PLANTED.verification)).toBeGreaterThanOrEqual(0.9);
    expect(share(results, "delegation", (e) => e.headline! >= PLANTED.delegation)).toBeGreaterThanOrEqual(0.9);
  });

  it("reports adherence for a measured rule and the sessions a verdict still needs", () => {
    const first = results[0]!.find((e) => e.key === "verification")!;
    expect(first.adherence?.told.eligible).toBe(first.told);
    expect(first.sessionsNeeded).toBe(0);
    const few = simulateFactorial({ seed: 1, sessions: 60, holdoutShare: 0.2, effects: PLANTED, baseSuccess: 0.6 });
    const [small] = ruleEffects(factorialSessions(few.sessions, few.salt), ["focus"]);
    expect(small?.verdict).toBe("running");
    expect(small?.sessionsNeeded).toBeGreaterThan(0);
    expect(ruleTest(small!)).toBeUndefined();
  });
});

describe("each rule's status where guidance is built, on the same experiments", () => {
  let tests: Map<string, RuleTest>[] = [];
  beforeAll(() => {
    tests = guidanceRuns(PLANTED);
  }, 120_000);
  const status = (key: string, wanted: string) =>
    tests.filter((t) => ruleKnowledge(t.get(key)) === wanted).length / tests.length;

  it("moves the helping rule to 'tested: helps', the null to 'tested: no effect shown' and the hurting one to 'tested: hurts'", () => {
    expect(status("verification", "tested: helps")).toBeGreaterThanOrEqual(0.9);
    expect(status("focus", "tested: no effect shown")).toBeGreaterThanOrEqual(0.9);
    expect(status("delegation", "tested: hurts")).toBeGreaterThanOrEqual(0.9);
  });

  it("gives the page's verdict: the deliveries' kept draws and the sessions the page reads agree", () => {
    const { salt, sessions } = simulateFactorial({
      seed: 7,
      sessions: 2000,
      holdoutShare: 0.2,
      effects: PLANTED,
      baseSuccess: 0.6,
    });
    const page = ruleEffects(factorialSessions(sessions, salt), Object.keys(PLANTED));
    expect(ruleTests(armsOf(factorialSessions(sessions, salt)))).toEqual(
      new Map(page.flatMap((e) => (ruleTest(e) ? [[e.key, ruleTest(e)!]] : []))),
    );
  });

  it("leaves the hurting rule out of the built guidance and says the helping rule was tested, though all three look helpful observationally", () => {
    const [t] = tests.filter(
      (x) => x.get("verification")?.verdict === "helps" && x.get("delegation")?.verdict === "hurts",
    );
    const aggregates = {
      project: "sim",
      sessions: 2000,
      comparisons: (["verification", "focus", "delegation"] as const).map(looksHelpful),
      domains: [],
      sharedPatterns: [],
      sourceRules: [],
      pinned: [],
    };
    const content = distil(aggregates, [], t!);
    expect(content.rules.map((r) => r.key).sort()).toEqual(["delegation", "focus", "verification"]);
    const md = renderGuidance(content, "markdown", { maxLines: 400, maxChars: 40_000 });
    const line = (key: string) =>
      md.split("\n").find((l) => l.startsWith(`- ${content.rules.find((r) => r.key === key)!.instruction}`));
    expect(line("delegation")).toBeUndefined();
    expect(line("verification")).toContain(
      "_(tested by randomisation in this project: helps — sessions given this rule succeeded ",
    );
    expect(line("focus")).toContain("_(tested by randomisation in this project: no effect shown — ");
    expect(knowledgeNote(t!.get("delegation"))).toMatch(
      /^tested by randomisation in this project: hurts — sessions given this rule succeeded \d+ pp less often .*; so it was removed from the guidance$/,
    );
  });
});

describe("each rule's other outcomes, told against not told", () => {
  it("compares cost, steps, duration and tool errors by the holdout comparison's methods", () => {
    const { salt, sessions } = simulateFactorial({
      seed: 3,
      sessions: 600,
      holdoutShare: 0.2,
      effects: PLANTED,
      baseSuccess: 0.6,
    });
    const [verification] = ruleEffects(factorialSessions(sessions, salt), ["verification"]);
    expect(verification!.outcomes.map((o) => o.key)).toEqual([...RULE_OUTCOMES]);
    const steps = verification!.outcomes.find((o) => o.key === "steps")!;
    expect(steps.method).toBe("ratio");
    expect(steps.guidance.n).toBe(verification!.told);
    expect(steps.holdout.n).toBe(verification!.notTold);
    // The simulation's sessions carry no tokens or times: those outcomes have no estimate, not a made-up one.
    expect(verification!.outcomes.find((o) => o.key === "cost")!.estimate).toBeNull();
  });
});

describe("a hidden difficulty that drives both behaviour and success", () => {
  it("makes no rule tested to help: randomised telling is independent of it, and untested rules say 'observed'", () => {
    const results = runs({ verification: 0, delegation: 0 }, 0.3);
    for (const key of ["verification", "delegation"]) {
      expect(share(results, key, covers(0))).toBeGreaterThanOrEqual(0.9);
      expect(share(results, key, (e) => e.verdict === "helps")).toBeLessThanOrEqual(0.1);
    }
    expect(knowledgeNote(undefined)).toMatch(/^observed, not yet tested/);
  }, 120_000);
});
