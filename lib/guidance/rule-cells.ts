import type { StratumCell, ToolStratumCell } from "@/lib/guidance/aggregates";
import { subtract } from "@/lib/learn/stats";

/** The kept cells less the guided sessions' contributions (matched by `key`), dropping cells left empty. */
function withoutGuided<C extends StratumCell>(kept: readonly C[], guided: readonly C[], key: (c: C) => string): C[] {
  const taken = new Map(guided.map((c) => [key(c), c]));
  return kept.flatMap((c) => {
    const g = taken.get(key(c));
    if (!g) return [c];
    const score = subtract(c.score, g.score);
    return score.n > 0 ? [{ ...c, score, unverified: subtract(c.unverified, g.unverified) }] : [];
  });
}

interface Cells {
  cells: readonly StratumCell[];
  tools: readonly ToolStratumCell[];
}

/**
 * The stratum cells the rules are fitted on: every session but those that got guidance in a running experiment
 * (their effect is what the experiment measures), that is the kept cells less the guided sessions' cells.
 */
export function ruleCells(kept: Cells, guided: Cells): { cells: StratumCell[]; tools: ToolStratumCell[] } {
  const stratumKey = (c: StratumCell) => `${c.domain}\u0000${c.stratum}`;
  const toolKey = (c: ToolStratumCell) => `${c.domain}\u0000${c.tool}\u0000${c.stratum}`;
  return {
    cells: withoutGuided(kept.cells, guided.cells, stratumKey),
    tools: withoutGuided(kept.tools, guided.tools, toolKey),
  };
}
