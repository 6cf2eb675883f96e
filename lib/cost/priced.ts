import { costOf, type Cost } from "@/lib/cost/cost";
import { costsBy, totalCost, type ModelTokensRow } from "@/lib/cost/costs-by";
import { PRICES } from "@/lib/cost/prices";
import type { ModelTokens } from "@/lib/session";

/** Which price table a cost comes from, shown and returned beside every cost. */
export const PRICE_TABLE = { version: PRICES.version, source: PRICES.source } as const;

/** A session's (or any set's) tokens per model priced with the repository's table. */
export const pricedCost = (byModel: Record<string, ModelTokens>): Cost => costOf(byModel, PRICES);

/** Rows of tokens per model priced with the repository's table, in all and grouped. */
export const pricedTotal = (rows: readonly ModelTokensRow[]): Cost => totalCost(rows, PRICES);
export const pricedBy = <R extends ModelTokensRow>(rows: readonly R[], keyOf: (row: R) => string): Map<string, Cost> =>
  costsBy(rows, keyOf, PRICES);
