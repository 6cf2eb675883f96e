import { costOf, type Cost } from "@/lib/cost/cost";
import type { PriceTable } from "@/lib/cost/prices";
import { addModelTokens } from "@/lib/ingest/model-tokens";
import type { ModelTokens } from "@/lib/session";

/** Rows of tokens per model (a day's, an agent's, a project's …). */
export type ModelTokensRow = ModelTokens & { model: string };

/** The cost of the rows grouped by `keyOf` (a day, an agent, a project), each group priced over its models. */
export function costsBy<R extends ModelTokensRow>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  table: PriceTable,
): Map<string, Cost> {
  const groups = new Map<string, Record<string, ModelTokens>>();
  for (const row of rows) {
    const key = keyOf(row);
    let byModel = groups.get(key);
    if (byModel === undefined) groups.set(key, (byModel = {}));
    addModelTokens(byModel, row.model, row);
  }
  return new Map([...groups].map(([key, byModel]) => [key, costOf(byModel, table)]));
}

/** The cost of all the rows together. */
export function totalCost(rows: readonly ModelTokensRow[], table: PriceTable): Cost {
  return costsBy(rows, () => "", table).get("") ?? { usd: 0, pricedUsd: 0, unpriced: [] };
}
