import type { ModelPrice, PriceTable } from "@/lib/cost/prices";
import type { ModelTokens } from "@/lib/session";

/** What tokens cost: `usd` over the priced models, and the models that used tokens the table has no price for. */
export interface Cost {
  /** Null when any model that used tokens is unpriced: a part of the bill is unknown, so the total is too. */
  usd: number | null;
  /** USD of the models the table prices, whatever the others cost. */
  pricedUsd: number;
  unpriced: string[];
}

const MILLION = 1_000_000;

const used = (t: ModelTokens) => t.input + t.output + t.cacheRead + t.cacheCreation > 0;

/**
 * One model's tokens in USD, or null when a kind of token it used has no rate (never guessed). Reasoning is part of
 * output and billed as output unless the model has a reasoning rate; one-hour cache writes are part of the cache
 * writes and take their own rate.
 */
export function modelCost(tokens: ModelTokens, price: ModelPrice): number | null {
  const fiveMinute = tokens.cacheCreation - tokens.cacheCreationHour;
  if (
    (tokens.cacheRead > 0 && price.cacheRead === null) ||
    (fiveMinute > 0 && price.cacheWrite === null) ||
    (tokens.cacheCreationHour > 0 && price.cacheWriteHour === null)
  )
    return null;
  const reasoningRate = price.reasoning ?? price.output;
  const usd =
    tokens.input * price.input +
    (tokens.output - tokens.reasoning) * price.output +
    tokens.reasoning * reasoningRate +
    tokens.cacheRead * (price.cacheRead ?? 0) +
    fiveMinute * (price.cacheWrite ?? 0) +
    tokens.cacheCreationHour * (price.cacheWriteHour ?? 0);
  return usd / MILLION;
}

/** The price of a model id: the table's entry for exactly that id (a dated snapshot is its own entry), else none. */
export function priceOf(table: PriceTable, model: string): ModelPrice | null {
  return Object.hasOwn(table.models, model) ? table.models[model]! : null;
}

/** What a session's (or any sum of sessions') tokens per model cost with `table`. */
export function costOf(byModel: Record<string, ModelTokens>, table: PriceTable): Cost {
  let pricedUsd = 0;
  const unpriced: string[] = [];
  for (const [model, tokens] of Object.entries(byModel)) {
    if (!used(tokens)) continue;
    const price = priceOf(table, model);
    const usd = price === null ? null : modelCost(tokens, price);
    if (usd === null) unpriced.push(model);
    else pricedUsd += usd;
  }
  return { usd: unpriced.length > 0 ? null : pricedUsd, pricedUsd, unpriced: unpriced.sort() };
}
