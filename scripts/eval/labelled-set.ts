/**
 * The labelled sets of the knowledge evaluation (docs/knowledge-eval.md): transcripts as `starlight import` sends
 * them (named by their path under the projects root), with the knowledge gold and the outcome gold of their
 * projects. The fixture set is the three real projects of test/fixtures/claude-code with the gold labelled
 * independently in test/fixtures/eval; the generated sets come from test/factories/eval.
 */
import fs from "node:fs";
import path from "node:path";
import { knowledgeGoldSchema, outcomeGoldSchema, type KnowledgeGold, type OutcomeLabel } from "@/lib/eval/gold";

export interface LabelledFile {
  name: string;
  content: string | Uint8Array;
}

export interface LabelledSet {
  name: string;
  files: LabelledFile[];
  gold: KnowledgeGold;
  outcomes: Record<string, OutcomeLabel>;
  /** Gold project (folder) → what the project plants, for generated sets. */
  classes?: Record<string, string>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "test/fixtures/claude-code");
const GOLD = path.join(ROOT, "test/fixtures/eval");

function walk(dir: string, root: string, out: LabelledFile[]): LabelledFile[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, out);
    else if (/\.(jsonl|json)$/.test(entry.name))
      out.push({ name: path.relative(root, full), content: fs.readFileSync(full) });
  }
  return out;
}

export function fixtureSet(): LabelledSet {
  const gold = knowledgeGoldSchema.parse(JSON.parse(fs.readFileSync(path.join(GOLD, "knowledge-gold.json"), "utf8")));
  const outcomes = outcomeGoldSchema.parse(JSON.parse(fs.readFileSync(path.join(GOLD, "outcome-gold.json"), "utf8")));
  return { name: "fixtures", files: walk(FIXTURES, FIXTURES, []), gold, outcomes: outcomes.sessions };
}
