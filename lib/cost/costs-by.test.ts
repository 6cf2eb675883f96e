import { describe, expect, it } from "vitest";
import { costsBy, totalCost } from "@/lib/cost/costs-by";
import type { PriceTable } from "@/lib/cost/prices";

const TABLE: PriceTable = {
  version: "2026-01-01",
  source: "test",
  unit: "USD per million tokens",
  models: { a: { input: 1, output: 10, cacheRead: null, cacheWrite: null, cacheWriteHour: null, reasoning: null } },
};
const row = (day: string, model: string, input: number, output = 0) => ({
  day,
  model,
  input,
  output,
  cacheRead: 0,
  cacheCreation: 0,
  reasoning: 0,
  cacheCreationHour: 0,
});

describe("costsBy", () => {
  it("prices each group over its models, an unpriced model leaving only its own group unknown", () => {
    const rows = [row("d1", "a", 1e6), row("d1", "a", 1e6, 1e5), row("d2", "a", 0, 1e6), row("d2", "mystery", 5)];
    const byDay = costsBy(rows, (r) => r.day, TABLE);
    expect(byDay.get("d1")).toEqual({ usd: 3, pricedUsd: 3, unpriced: [] });
    expect(byDay.get("d2")).toEqual({ usd: null, pricedUsd: 10, unpriced: ["mystery"] });
    expect(totalCost(rows, TABLE)).toEqual({ usd: null, pricedUsd: 13, unpriced: ["mystery"] });
    expect(totalCost([], TABLE)).toEqual({ usd: 0, pricedUsd: 0, unpriced: [] });
  });
});
