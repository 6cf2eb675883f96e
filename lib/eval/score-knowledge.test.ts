import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { knowledgeGoldSchema, type GoldProject, type KnowledgeGold } from "./gold";
import { antiHits, factMatches, itemLines, knowledgeTotals, ratio, scoreProject, splitLines } from "./score-knowledge";

const EVAL = path.resolve("test/fixtures/eval");
const fixtureGold = knowledgeGoldSchema.parse(
  JSON.parse(fs.readFileSync(path.join(EVAL, "knowledge-gold.json"), "utf8")),
);

const project: GoldProject = {
  facts: [
    {
      id: "test",
      category: "test",
      fact: "Run `bun test`.",
      evidence: "",
      importance: "high",
      repeated: true,
      sessions: 2,
      regex: "\\bbun test\\b",
    },
    {
      id: "master",
      category: "git",
      fact: "Branch is master.",
      evidence: "",
      importance: "medium",
      repeated: true,
      sessions: 1,
      regex: "^- .*\\bmaster\\b",
    },
  ],
  anti: [
    { id: "yarn", why: "refused", regex: "\\byarn install\\b", example: "Install: `yarn install`" },
    { id: "quote", why: "one-off", regex: "staging bucket", example: "“use the staging bucket”", skip_negated: false },
  ],
};

describe("the knowledge scorer (the matching rules of score-knowledge.py)", () => {
  it("matches a fact anywhere in the text, ignoring case, with ^ at each line start and . within a line", () => {
    expect(factMatches(project.facts[0]!, "## Commands\n- Tests: `BUN TEST`")).toBe(true);
    expect(factMatches(project.facts[1]!, "intro\n- merge into master")).toBe(true);
    expect(factMatches({ regex: "bun.test" }, "bun\ntest")).toBe(false);
  });

  it("finds an anti-fact on a line without a negation or retirement word, and on any line when skip_negated is false", () => {
    expect(antiHits(project.anti[0]!, "- Install: `yarn install`\n- never `yarn install` here")).toEqual([
      "- Install: `yarn install`",
    ]);
    expect(
      antiHits(project.anti[0]!, "- `yarn install` is deprecated\n- don't run yarn install\n- it isn't yarn install"),
    ).toEqual([]);
    expect(antiHits(project.anti[1]!, "> “the staging bucket” (quoted, not an instruction)")).toHaveLength(1);
  });

  it("splits lines where Python's splitlines does", () => {
    expect(splitLines("a\r\nb\rc\nd\u2028e\x85f\n")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(splitLines("")).toEqual([]);
  });

  it("counts item lines (list items and quotes) for precision, not headings or prose", () => {
    const text =
      "# Title\n\nDistilled from 2 sessions.\n\n## Teaches\n\n- Tests: `bun test`\n> “a quote”\n1. first\n-\n";
    expect(itemLines(text)).toEqual(["- Tests: `bun test`", "> “a quote”", "1. first"]);
  });

  it("scores a project: facts, important facts, misleading items and the lines no fact supports", () => {
    const score = scoreProject(
      project,
      "# G\n\n- Tests: `bun test`\n- Install: `yarn install`\n> “staging bucket”, not an instruction",
    );
    expect(score.facts.matched.map((f) => f.id)).toEqual(["test"]);
    expect(score.facts.missed.map((f) => f.id)).toEqual(["master"]);
    expect(score.high).toEqual({ total: 1, matched: 1 });
    expect(score.anti.present.map((p) => p.anti.id)).toEqual(["yarn", "quote"]);
    expect(score.lines).toEqual({
      total: 3,
      supported: 1,
      unsupported: ["- Install: `yarn install`", "> “staging bucket”, not an instruction"],
    });
    expect(knowledgeTotals([score, scoreProject(project, "")])).toEqual({
      facts: 1,
      factsTotal: 4,
      high: 1,
      highTotal: 2,
      anti: 2,
      antiTotal: 4,
      lines: 3,
      linesSupported: 1,
    });
    expect(ratio(1, 0)).toBeNull();
  });

  it("gives the labelled gold's own fact sentences every fact and no misleading item (score-knowledge.py --selftest)", () => {
    for (const gold of Object.values(fixtureGold.projects)) {
      const score = scoreProject(gold, gold.facts.map((f) => `- ${f.fact}`).join("\n"));
      expect(score.facts.missed.map((f) => f.id)).toEqual([]);
      expect(score.anti.present).toEqual([]);
      for (const anti of gold.anti) expect(antiHits(anti, anti.example), anti.id).not.toEqual([]);
    }
  });
});

interface AgreementCase {
  name: string;
  gold: "fixtures" | KnowledgeGold;
  texts: Record<string, string>;
  python: Record<string, { matched: string[]; anti: string[] }>;
}

const agreement = JSON.parse(fs.readFileSync(path.join(EVAL, "python-agreement.json"), "utf8")) as {
  cases: AgreementCase[];
};

describe("agreement with score-knowledge.py on recorded guidance texts (test/fixtures/eval/python-agreement.json)", () => {
  it.each(agreement.cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const gold = c.gold === "fixtures" ? fixtureGold : knowledgeGoldSchema.parse(c.gold);
    for (const [folder, project] of Object.entries(gold.projects)) {
      const score = scoreProject(project, c.texts[folder] ?? "");
      expect(
        { matched: score.facts.matched.map((f) => f.id), anti: score.anti.present.map((p) => p.anti.id) },
        folder,
      ).toEqual(c.python[folder]);
    }
  });
});
