import { z } from "zod";
import table from "@/lib/cost/prices.json";

/** One model's rates in USD per million tokens; null where the table names no rate. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number | null;
  /** A write to the five-minute cache (Anthropic); the only cache write OpenAI and Google do not bill apart. */
  cacheWrite: number | null;
  /** A write to the one-hour cache (Anthropic). */
  cacheWriteHour: number | null;
  /** Reasoning output, where it has its own rate; else it is output and billed at `output`. */
  reasoning: number | null;
}

/** The price table: its version (the date its rates were read), where they came from, and the rates by model id. */
export interface PriceTable {
  version: string;
  source: string;
  unit: "USD per million tokens";
  models: Record<string, ModelPrice>;
}

const rate = z.number().nonnegative();
const priceTableSchema = z.strictObject({
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.string().min(1),
  unit: z.literal("USD per million tokens"),
  models: z.record(
    z.string().min(1),
    z.strictObject({
      input: rate,
      output: rate,
      cacheRead: rate.nullable(),
      cacheWrite: rate.nullable(),
      cacheWriteHour: rate.nullable(),
      reasoning: rate.nullable(),
    }),
  ),
}) satisfies z.ZodType<PriceTable>;

/** The table kept in the repository (lib/cost/prices.json, written by scripts/update-prices.ts), checked once. */
export const PRICES: PriceTable = priceTableSchema.parse(table);
