import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { antiHits, scoreProject, type KnowledgeTotals } from "@/lib/eval/score-knowledge";
import { generatedSet } from "../factories/eval/generated-set";
import { evaluate, type EvalResult } from "../../scripts/eval/run";
import { DEFAULT_SEEDS, evaluationSets } from "../../scripts/eval/sets";

/**
 * The knowledge evaluation (docs/knowledge-eval.md) as a regression check: the guidance the SessionStart hook
 * gets today, scored against the labelled fixtures and the generated projects, must not fall below these figures.
 * They sit at today's figures (the counts measured on the day the evaluation came in, recorded in
 * docs/knowledge-eval.md), far under the targets (important ≥ 80%, all ≥ 60%, misleading 0): raise them as the
 * miner improves.
 */
const FLOOR = {
  fixtures: { facts: 37, high: 14, misleading: 0, outcomes: 5 },
  generated: { facts: 154, high: 69, misleading: 0, outcomes: 161 },
};

let result: EvalResult;

const totalsOf = (set: "fixtures" | "generated"): KnowledgeTotals & { outcomes: number } => {
  const sets = result.sets.filter((s) => (set === "fixtures" ? s.name === "fixtures" : s.name !== "fixtures"));
  const sum = (f: (t: KnowledgeTotals) => number) => sets.reduce((n, s) => n + f(s.totals), 0);
  return {
    facts: sum((t) => t.facts),
    factsTotal: sum((t) => t.factsTotal),
    high: sum((t) => t.high),
    highTotal: sum((t) => t.highTotal),
    anti: sum((t) => t.anti),
    antiTotal: sum((t) => t.antiTotal),
    lines: sum((t) => t.lines),
    linesSupported: sum((t) => t.linesSupported),
    outcomes: sets.reduce((n, s) => n + s.outcomes.agree, 0),
  };
};

beforeAll(async () => {
  result = await evaluate(getDb(), evaluationSets(DEFAULT_SEEDS));
}, 300_000);

describe("the knowledge evaluation on today's miner", () => {
  it.each(["fixtures", "generated"] as const)(
    "keeps the facts, important facts, misleading items and outcomes of the %s set at least at today's figures",
    (set) => {
      const totals = totalsOf(set);
      const floor = FLOOR[set];
      expect(totals.facts, "facts found").toBeGreaterThanOrEqual(floor.facts);
      expect(totals.high, "important facts found").toBeGreaterThanOrEqual(floor.high);
      expect(totals.anti, "misleading items stated").toBeLessThanOrEqual(floor.misleading);
      expect(totals.outcomes, "session outcomes agreeing with the labels").toBeGreaterThanOrEqual(floor.outcomes);
    },
  );

  it.each([
    "deleted file",
    "tool added later",
    "agent memory notes",
    "scripts run by hand",
    "coverage the test command reports",
    "a coverage flag tried once",
    "lint rule fixed by an edit, another silenced",
    "checks that are scripts run by hand",
  ])("states nothing stale in the generated projects planting a %s", (plants) => {
    const projects = result.projects.filter((p) => p.plants === plants);
    expect(projects).toHaveLength(DEFAULT_SEEDS.length);
    for (const p of projects)
      expect(
        p.score.anti.present.map((a) => a.anti.id),
        p.folder,
      ).toEqual([]);
  });

  it("quotes the corrections in prose of the generated projects planting them, and neither the neutral request nor the thanks beside them", () => {
    const projects = result.projects.filter((p) => p.plants === "corrections in prose");
    expect(projects).toHaveLength(DEFAULT_SEEDS.length);
    for (const p of projects) {
      expect(
        p.score.facts.missed.map((f) => f.id),
        p.folder,
      ).toEqual([]);
      expect(
        p.score.anti.present.map((a) => a.anti.id),
        p.folder,
      ).toEqual([]);
    }
  });

  it("reads the hook's guidance for every labelled project, each from the project its own transcripts went to", () => {
    const fixtures = result.projects.filter((p) => p.set === "fixtures");
    expect(fixtures.map((p) => p.slug)).toEqual(["deep-manifest", "ai-music", "worktrees"]);
    for (const p of fixtures) expect(p.guidance, p.folder).toMatch(/^# Starlight guidance: /);
    expect(result.projects.filter((p) => p.plants !== null)).toHaveLength(24 * DEFAULT_SEEDS.length);
  });
});

describe("the generated labelled sets", () => {
  it("are the same bytes for the same seed, and other tools and names for another", () => {
    expect(JSON.stringify(generatedSet(7))).toBe(JSON.stringify(generatedSet(7)));
    expect(Object.keys(generatedSet(7).gold.projects)).not.toEqual(Object.keys(generatedSet(8).gold.projects));
  });

  it("plant gold the scorer can meet: each fact's own sentence matches it and no anti-fact, each anti-fact's example trips it", () => {
    for (const seed of DEFAULT_SEEDS) {
      for (const [folder, gold] of Object.entries(generatedSet(seed).gold.projects)) {
        const score = scoreProject(gold, gold.facts.map((f) => `- ${f.fact}`).join("\n"));
        expect(
          score.facts.missed.map((f) => f.id),
          folder,
        ).toEqual([]);
        expect(
          score.anti.present.map((a) => a.anti.id),
          folder,
        ).toEqual([]);
        for (const anti of gold.anti) expect(antiHits(anti, anti.example), anti.id).not.toEqual([]);
      }
    }
  });
});
