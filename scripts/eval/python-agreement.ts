/**
 * Rebuilds test/fixtures/eval/python-agreement.json: guidance texts scored by the labels' own Python scorer
 * (score-knowledge.py -v), which lib/eval/score-knowledge.test.ts checks the TypeScript scorer against without
 * needing python3 in CI. The texts: the facts' own sentences, the anti-facts' examples as they are and negated
 * (also by a contraction), CRLF and CR line ends, and the guidance the SessionStart hook gets today for the fixture projects and one generated set.
 *
 *   npx tsx --conditions=react-server scripts/eval/python-agreement.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "@/db/client";
import type { KnowledgeGold } from "@/lib/eval/gold";
import { generatedSet } from "../../test/factories/eval/generated-set";
import { fixtureSet } from "./labelled-set";
import { evaluate } from "./run";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EVAL = path.join(ROOT, "test/fixtures/eval");

type Texts = Record<string, string>;

interface Case {
  name: string;
  /** "fixtures": test/fixtures/eval/knowledge-gold.json; otherwise the gold itself. */
  gold: "fixtures" | KnowledgeGold;
  texts: Texts;
  /** Per project, what score-knowledge.py found: the facts matched and the anti-facts present. */
  python: Record<string, { matched: string[]; anti: string[] }>;
}

function python(gold: KnowledgeGold, goldFile: string, texts: Texts, dir: string): Case["python"] {
  const input = path.join(dir, "guidance.json");
  fs.writeFileSync(input, JSON.stringify(texts));
  const out = execFileSync("python3", [path.join(EVAL, "score-knowledge.py"), "-v", "--gold", goldFile, input], {
    encoding: "utf8",
  });
  const result: Case["python"] = {};
  let folder: string | null = null;
  const missed = new Map<string, Set<string>>();
  for (const line of out.split("\n")) {
    const head = /^(\S.*?): facts \d+\/\d+/.exec(line);
    if (head) {
      folder = head[1]!;
      result[folder] = { matched: [], anti: [] };
      missed.set(folder, new Set());
    } else if (folder && /^ {2}missed \[\w+\] (\S+):/.test(line))
      missed.get(folder)!.add(/^ {2}missed \[\w+\] (\S+):/.exec(line)![1]!);
    else if (folder && /^ {2}ANTI (\S+):/.test(line)) result[folder]!.anti.push(/^ {2}ANTI (\S+):/.exec(line)![1]!);
  }
  for (const [name, project] of Object.entries(gold.projects)) {
    result[name]!.matched = project.facts.map((f) => f.id).filter((id) => !missed.get(name)!.has(id));
  }
  return result;
}

const perProject = (gold: KnowledgeGold, text: (p: KnowledgeGold["projects"][string]) => string): Texts =>
  Object.fromEntries(Object.entries(gold.projects).map(([folder, p]) => [folder, text(p)]));

function textCases(gold: KnowledgeGold): [string, Texts][] {
  return [
    ["facts' own sentences", perProject(gold, (p) => p.facts.map((f) => `- ${f.fact}`).join("\n"))],
    ["anti-facts' examples", perProject(gold, (p) => p.anti.map((a) => `- ${a.example}`).join("\n"))],
    [
      "anti-facts' examples, negated",
      perProject(gold, (p) => p.anti.map((a) => `- Do not do this: ${a.example}`).join("\n")),
    ],
    [
      "CRLF line ends",
      perProject(gold, (p) =>
        [...p.facts.slice(0, 3).map((f) => f.fact), ...p.anti.map((a) => a.example)].join("\r\n"),
      ),
    ],
    [
      "CR line ends after a negated line",
      perProject(gold, (p) => ["- This wouldn't apply here", ...p.anti.map((a) => a.example)].join("\r")),
    ],
    [
      "anti-facts' examples after a contracted negation",
      perProject(gold, (p) => p.anti.map((a) => `- It wouldn't be right: ${a.example}`).join("\n")),
    ],
  ];
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-agreement-"));
  const db = openDb(path.join(dir, "starlight.db"));
  try {
    const fixtures = fixtureSet();
    const generated = generatedSet(1);
    const result = await evaluate(db, [fixtures, generated]);
    const today = (set: string): Texts =>
      Object.fromEntries(result.projects.filter((p) => p.set === set).map((p) => [p.folder, p.guidance]));
    const generatedGold = path.join(dir, "generated-gold.json");
    fs.writeFileSync(generatedGold, JSON.stringify(generated.gold));
    const cases: Case[] = [];
    for (const [name, texts] of [
      ...textCases(fixtures.gold),
      ["today's guidance", today(fixtures.name)] as [string, Texts],
    ]) {
      cases.push({
        name: `fixtures: ${name}`,
        gold: "fixtures",
        texts,
        python: python(fixtures.gold, path.join(EVAL, "knowledge-gold.json"), texts, dir),
      });
    }
    for (const [name, texts] of [
      ...textCases(generated.gold),
      ["today's guidance", today(generated.name)] as [string, Texts],
    ]) {
      cases.push({
        name: `generated seed 1: ${name}`,
        gold: generated.gold,
        texts,
        python: python(generated.gold, generatedGold, texts, dir),
      });
    }
    fs.writeFileSync(path.join(EVAL, "python-agreement.json"), `${JSON.stringify({ cases }, null, 1)}\n`);
    console.log(`${cases.length} cases written to test/fixtures/eval/python-agreement.json`);
  } finally {
    await db.$executor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
