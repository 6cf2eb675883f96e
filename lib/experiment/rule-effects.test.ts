import { beforeAll, describe, expect, it } from "vitest";
import { ruleIncluded, splitRules } from "@/lib/experiment/arm";
import { factorialSessions, ruleEffects, ruleTest, type RuleEffect } from "@/lib/experiment/rule-effects";
import { simulateFactorial } from "@/lib/experiment/simulate-factorial";
import { knowledgeNote } from "@/lib/guidance/rule-status";

const SEEDS = 100;
const PLANTED = { verification: 0.1, focus: 0, delegation: -0.1 } as const;

/** Each rule's estimate over SEEDS seeded factorial experiments of 2,000 sessions (20% holdout). */
function runs(effects: Readonly<Record<string, number>>, hiddenDifficulty = 0): RuleEffect[][] {
  return Array.from({ length: SEEDS }, (_, seed) => {
    const { salt, sessions } = simulateFactorial({ seed, sessions: 2000, holdoutShare: 0.2, effects, baseSuccess: 0.6, hiddenDifficulty });
    return ruleEffects(factorialSessions(sessions, salt), Object.keys(effects));
  });
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
    expect(splitRules("session-1", "salt", ["verification", "focus"])).toEqual(splitRules("session-1", "salt", ["verification", "focus"]));
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
