import { describe, expect, it } from "vitest";
import type { StratumCell, ToolStratumCell } from "./aggregates";
import { ruleCells } from "./rule-cells";

const m = (n: number, sum: number, sumSq: number) => ({ n, sum, sumSq });
const cell = (domain: string, stratum: number, n: number, sum: number): StratumCell => ({
  domain,
  stratum,
  score: m(n, sum, sum * sum),
  unverified: m(n, sum / 2, (sum * sum) / 4),
});
const tool = (t: string, c: StratumCell): ToolStratumCell => ({ ...c, tool: t });

describe("ruleCells", () => {
  it("takes the guided sessions' contributions out of the kept cells they match, and drops cells left empty", () => {
    const kept = {
      cells: [cell("testing", 1, 5, 3), cell("testing", 2, 2, 1)],
      tools: [tool("Bash", cell("testing", 1, 4, 2))],
    };
    const guided = {
      cells: [cell("testing", 1, 2, 1), cell("testing", 2, 2, 1)],
      tools: [tool("Read", cell("testing", 1, 1, 1))],
    };
    const { cells, tools } = ruleCells(kept, guided);
    expect(cells).toEqual([
      { domain: "testing", stratum: 1, score: m(3, 2, 9 - 1), unverified: m(3, 1.5 - 0.5, 2.25 - 0.25) },
    ]);
    // A guided tool cell of another tool leaves this one whole.
    expect(tools).toEqual(kept.tools);
  });

  it("keeps every cell when no session got guidance", () => {
    const kept = { cells: [cell("debugging", 0, 3, 2)], tools: [] };
    expect(ruleCells(kept, { cells: [], tools: [] })).toEqual({ cells: kept.cells, tools: [] });
  });
});
