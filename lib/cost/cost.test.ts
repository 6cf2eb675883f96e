import { describe, expect, it } from "vitest";
import { costOf, modelCost, priceOf } from "@/lib/cost/cost";
import { PRICES, type PriceTable } from "@/lib/cost/prices";
import type { ModelTokens } from "@/lib/session";

const tokens = (over: Partial<ModelTokens>): ModelTokens => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheCreation: 0,
  reasoning: 0,
  cacheCreationHour: 0,
  ...over,
});

const TABLE: PriceTable = {
  version: "2026-01-01",
  source: "test",
  unit: "USD per million tokens",
  models: {
    claude: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, cacheWriteHour: 6, reasoning: null },
    thinker: { input: 1, output: 2, cacheRead: null, cacheWrite: null, cacheWriteHour: null, reasoning: 8 },
  },
};

describe("modelCost", () => {
  it("prices each kind of token at its rate, per million", () => {
    // 1M input × 3 + 1M output × 15 + 1M cache read × 0.3 + (1M − 0.5M) five-minute writes × 3.75 + 0.5M hour writes × 6
    const usd = modelCost(
      tokens({ input: 1e6, output: 1e6, cacheRead: 1e6, cacheCreation: 1e6, cacheCreationHour: 5e5 }),
      TABLE.models.claude!,
    );
    expect(usd).toBeCloseTo(3 + 15 + 0.3 + 1.875 + 3, 10);
  });

  it("bills reasoning as output unless the model has a reasoning rate", () => {
    expect(modelCost(tokens({ output: 1e6, reasoning: 4e5 }), TABLE.models.claude!)).toBeCloseTo(15, 10);
    expect(modelCost(tokens({ output: 1e6, reasoning: 4e5 }), TABLE.models.thinker!)).toBeCloseTo(
      0.6 * 2 + 0.4 * 8,
      10,
    );
  });

  it("has no price for a kind of token the model has no rate for", () => {
    expect(modelCost(tokens({ input: 10, cacheRead: 5 }), TABLE.models.thinker!)).toBeNull();
    expect(modelCost(tokens({ input: 10 }), TABLE.models.thinker!)).toBeCloseTo(10 / 1e6, 12);
  });
});

describe("costOf", () => {
  it("sums the models of a session", () => {
    const cost = costOf({ claude: tokens({ input: 1e6 }), thinker: tokens({ output: 1e6 }) }, TABLE);
    expect(cost).toEqual({ usd: 3 + 2, pricedUsd: 3 + 2, unpriced: [] });
  });

  it("names an unknown model and leaves the total unknown, never guessed", () => {
    const cost = costOf(
      { claude: tokens({ input: 1e6 }), "claude-next-preview": tokens({ input: 1 }), "": tokens({ output: 3 }) },
      TABLE,
    );
    expect(cost).toEqual({ usd: null, pricedUsd: 3, unpriced: ["", "claude-next-preview"] });
  });

  it("ignores models that used no tokens (Claude Code's synthetic API-error lines)", () => {
    expect(costOf({ "": tokens({}) }, TABLE)).toEqual({ usd: 0, pricedUsd: 0, unpriced: [] });
  });

  it("matches ids exactly: a dated snapshot is priced only by its own entry", () => {
    expect(priceOf(TABLE, "claude-20990101")).toBeNull();
    expect(priceOf(TABLE, "toString")).toBeNull();
  });
});

describe("the repository's price table", () => {
  it("prices the real deep-manifest session (Opus 4.5 and Haiku 4.5 tokens counted independently in its fixture test)", () => {
    const cost = costOf(
      {
        "claude-haiku-4-5-20251001": tokens({ input: 869, output: 840, cacheRead: 124362, cacheCreation: 41483 }),
        "claude-opus-4-5-20251101": tokens({ input: 2250, output: 31430, cacheRead: 8505166, cacheCreation: 175207 }),
      },
      PRICES,
    );
    // Haiku 4.5 $1 / $5 / $0.10 / $1.25, Opus 4.5 $5 / $25 / $0.50 / $6.25 per million (input / output / cache read / write)
    const haiku = (869 * 1 + 840 * 5 + 124362 * 0.1 + 41483 * 1.25) / 1e6;
    const opus = (2250 * 5 + 31430 * 25 + 8505166 * 0.5 + 175207 * 6.25) / 1e6;
    expect(cost.usd).toBeCloseTo(haiku + opus, 9);
    expect(cost.usd).toBeCloseTo(6.2139857, 6);
  });

  it("has a dated version, a source, and the models of the agents Starlight reads", () => {
    expect(PRICES.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICES.source).toContain("LiteLLM");
    for (const model of [
      "claude-opus-4-5-20251101",
      "claude-haiku-4-5-20251001",
      "claude-sonnet-4-5",
      "gpt-5-codex",
      "gpt-5.2-codex",
      "gemini-2.5-pro",
      "gemini-2.5-flash",
    ]) {
      expect(priceOf(PRICES, model), model).not.toBeNull();
    }
  });
});
