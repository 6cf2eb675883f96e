import type { GoldAnti, GoldFact, GoldProject } from "./gold";

/**
 * Scores one project's guidance against its gold, with the matching rules of the labelled set's own scorer
 * (score-knowledge.py beside the gold; docs/knowledge-eval.md):
 * - a fact is matched when its regex is found anywhere in the guidance, case-insensitive, `^`/`$` at line ends,
 *   `.` not crossing a line;
 * - an anti-fact is present when its regex matches a line that holds no negation or retirement word, unless it
 *   sets `skip_negated: false`.
 * Precision, which that scorer does not define: the share of the guidance's item lines (a list item or a quote,
 * the forms guidance states knowledge in) that some fact's regex matches on that line alone.
 */

/** The negation and retirement words that keep a line from stating an anti-fact (the Python scorer's NEGATION). */
const NEGATION =
  /\b(?:not|no|never|none|don'?t|doesn'?t|isn'?t|aren'?t|wasn'?t|won'?t|cannot|can'?t|shouldn'?t|avoid|instead|rather than|removed|deprecated|obsolete|outdated|stale|superseded|retired|no longer|previously|formerly|used to)\b|n't\b/i;

/** Python's str.splitlines() boundaries, so that lines are the same ones the Python scorer sees. */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

export function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

const compiled = new Map<string, RegExp>();

/** A gold regex as the Python scorer compiles it (re.IGNORECASE | re.MULTILINE). */
function regexOf(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, "im");
    compiled.set(source, re);
  }
  return re;
}

export function factMatches(fact: Pick<GoldFact, "regex">, text: string): boolean {
  return regexOf(fact.regex).test(text);
}

/** The lines (trimmed) of `text` that state the anti-fact. */
export function antiHits(anti: Pick<GoldAnti, "regex" | "skip_negated">, text: string): string[] {
  const re = regexOf(anti.regex);
  const skip = anti.skip_negated ?? true;
  return splitLines(text)
    .filter((line) => !(skip && NEGATION.test(line)) && re.test(line))
    .map((line) => line.trim());
}

/** A markdown list item (`-`, `*`, `+`, `1.`) or quote (`>`) with some text. */
const ITEM = /^(?:[-*+]|\d+[.)]|>)\s+\S/;

/** The lines that state something: list items and quotes, trimmed (headings, the preamble and blank lines are not). */
export function itemLines(text: string): string[] {
  return splitLines(text)
    .map((line) => line.trim())
    .filter((line) => ITEM.test(line));
}

export interface ProjectScore {
  facts: { total: number; matched: GoldFact[]; missed: GoldFact[] };
  high: { total: number; matched: number };
  anti: { total: number; all: GoldAnti[]; present: { anti: GoldAnti; lines: string[] }[] };
  /** Item lines, and those that some fact's regex matches on the line alone. */
  lines: { total: number; supported: number; unsupported: string[] };
}

export function scoreProject(gold: GoldProject, text: string): ProjectScore {
  const matched = gold.facts.filter((f) => factMatches(f, text));
  const missed = gold.facts.filter((f) => !matched.includes(f));
  const present = gold.anti.flatMap((anti) => {
    const lines = antiHits(anti, text);
    return lines.length > 0 ? [{ anti, lines }] : [];
  });
  const lines = itemLines(text);
  const unsupported = lines.filter((line) => !gold.facts.some((f) => factMatches(f, line)));
  return {
    facts: { total: gold.facts.length, matched, missed },
    high: {
      total: gold.facts.filter((f) => f.importance === "high").length,
      matched: matched.filter((f) => f.importance === "high").length,
    },
    anti: { total: gold.anti.length, all: gold.anti, present },
    lines: { total: lines.length, supported: lines.length - unsupported.length, unsupported },
  };
}

export interface KnowledgeTotals {
  facts: number;
  factsTotal: number;
  high: number;
  highTotal: number;
  anti: number;
  antiTotal: number;
  lines: number;
  linesSupported: number;
}

export function knowledgeTotals(scores: readonly ProjectScore[]): KnowledgeTotals {
  const sum = (f: (s: ProjectScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  return {
    facts: sum((s) => s.facts.matched.length),
    factsTotal: sum((s) => s.facts.total),
    high: sum((s) => s.high.matched),
    highTotal: sum((s) => s.high.total),
    anti: sum((s) => s.anti.present.length),
    antiTotal: sum((s) => s.anti.total),
    lines: sum((s) => s.lines.total),
    linesSupported: sum((s) => s.lines.supported),
  };
}

/** A share as a ratio; null when there is nothing to share (no facts, no lines). */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
