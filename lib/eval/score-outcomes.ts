import type { OutcomeLabel } from "./gold";

/**
 * Session outcomes against the labelled gold, with the rules of score-outcomes.py: success agrees with a success
 * score ≥ 0.7, failure with ≤ 0.5, partial with any score; unclear is left out; a labelled session with no score
 * disagrees. wronglyFailed counts sessions labelled success that scored ≤ 0.5.
 */
export const SUCCESS_MIN = 0.7;
export const FAILURE_MAX = 0.5;

export function agrees(label: OutcomeLabel["label"], score: number | null): boolean {
  if (score === null) return false;
  if (label === "success") return score >= SUCCESS_MIN;
  if (label === "failure") return score <= FAILURE_MAX;
  return label === "partial";
}

export interface OutcomeRow {
  session: string;
  folder: string;
  label: OutcomeLabel["label"];
  score: number | null;
  agrees: boolean;
}

export interface OutcomeScore {
  rows: OutcomeRow[];
  agree: number;
  total: number;
  wronglyFailed: number;
}

export function scoreOutcomes(gold: Record<string, OutcomeLabel>, scores: ReadonlyMap<string, number>): OutcomeScore {
  const rows: OutcomeRow[] = [];
  for (const [session, g] of Object.entries(gold)) {
    if (g.label === "unclear") continue;
    const score = scores.get(session) ?? null;
    rows.push({ session, folder: g.project_folder, label: g.label, score, agrees: agrees(g.label, score) });
  }
  return {
    rows,
    agree: rows.filter((r) => r.agrees).length,
    total: rows.length,
    wronglyFailed: rows.filter((r) => r.label === "success" && r.score !== null && r.score <= FAILURE_MAX).length,
  };
}
