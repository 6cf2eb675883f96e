/**
 * The knowledge evaluation's figures in the bench (docs/knowledge-eval.md): `npm run eval:knowledge`'s run, on a
 * fresh SQLite file of the bench's folder, and the quality targets of docs/knowledge-eval.md#targets, held
 * to the labelled fixtures and the generated projects together. What the guidance holds does not depend on the
 * engine, so the figures are reported once.
 */
import path from "node:path";
import { openDb } from "@/db/client";
import { knowledgeTotals, ratio, type KnowledgeTotals } from "@/lib/eval/score-knowledge";
import { evaluate, type EvalResult } from "../eval/run";
import { evaluationSets } from "../eval/sets";
import { fmt, table, type Section } from "./report-format";
import type { Target } from "./results";

export interface KnowledgeGroup {
  totals: KnowledgeTotals;
  outcomes: { agree: number; total: number };
}

export interface KnowledgeFigures {
  fixtures: KnowledgeGroup;
  generated: KnowledgeGroup;
  all: KnowledgeGroup;
}

function group(result: EvalResult, fixtures: boolean | null): KnowledgeGroup {
  const inGroup = (set: string) => fixtures === null || (set === "fixtures") === fixtures;
  const sets = result.sets.filter((s) => inGroup(s.name));
  return {
    totals: knowledgeTotals(result.projects.filter((p) => inGroup(p.set)).map((p) => p.score)),
    outcomes: {
      agree: sets.reduce((n, s) => n + s.outcomes.agree, 0),
      total: sets.reduce((n, s) => n + s.outcomes.total, 0),
    },
  };
}

/** The evaluation over the labelled fixtures and the generated projects of `seeds`. */
export async function benchKnowledge(dir: string, seeds: readonly number[]): Promise<KnowledgeFigures> {
  console.log("\nknowledge evaluation (labelled fixtures and generated projects)");
  const db = openDb(path.join(dir, "knowledge-eval.db"));
  try {
    const result = await evaluate(db, evaluationSets(seeds));
    const figures = { fixtures: group(result, true), generated: group(result, false), all: group(result, null) };
    const t = figures.all.totals;
    console.log(`  facts ${t.facts}/${t.factsTotal}, important ${t.high}/${t.highTotal}, misleading ${t.anti}`);
    return figures;
  } finally {
    await db.$executor.close();
  }
}

const share = (part: number, whole: number) => `${part}/${whole} (${fmt((ratio(part, whole) ?? 0) * 100)}%)`;

/** Important facts ≥ 80%, all facts ≥ 60%, no misleading item, on the fixtures and the generated projects together. */
export function knowledgeTargets(f: KnowledgeFigures): Target[] {
  const t = f.all.totals;
  const of = (g: KnowledgeGroup) => `fixtures ${share(g.totals.high, g.totals.highTotal)}`;
  return [
    {
      target: "knowledge: important facts in the hook's guidance ≥ 80%",
      measured: `${share(t.high, t.highTotal)}; ${of(f.fixtures)}`,
      pass: (ratio(t.high, t.highTotal) ?? 0) >= 0.8,
    },
    {
      target: "knowledge: all facts in the hook's guidance ≥ 60%",
      measured: `${share(t.facts, t.factsTotal)}; fixtures ${share(f.fixtures.totals.facts, f.fixtures.totals.factsTotal)}`,
      pass: (ratio(t.facts, t.factsTotal) ?? 0) >= 0.6,
    },
    {
      target: "knowledge: misleading items in the hook's guidance = 0",
      measured: `${fmt(t.anti)} of ${fmt(t.antiTotal)}; fixtures ${fmt(f.fixtures.totals.anti)}`,
      pass: t.anti === 0,
    },
  ].map((check) => ({ ...check, engine: null }));
}

export function knowledgeSection(f: KnowledgeFigures): Section {
  const row = (name: string, g: KnowledgeGroup) => [
    name,
    share(g.totals.facts, g.totals.factsTotal),
    share(g.totals.high, g.totals.highTotal),
    share(g.totals.linesSupported, g.totals.lines),
    `${fmt(g.totals.anti)}/${fmt(g.totals.antiTotal)}`,
    share(g.outcomes.agree, g.outcomes.total),
  ];
  return [
    "Knowledge",
    "`npm run eval:knowledge`: the SessionStart hook's guidance against labelled facts (docs/knowledge-eval.md).",
    table(
      [
        "set",
        "facts",
        "important facts",
        "precision (item lines matching a fact)",
        "misleading items",
        "outcomes agreeing",
      ],
      [
        row("labelled fixtures (3 projects)", f.fixtures),
        row("generated (planted classes, seeds 1–3)", f.generated),
        row("together", f.all),
      ],
    ),
  ];
}
