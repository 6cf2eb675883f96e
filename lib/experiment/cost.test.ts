import { describe, expect, it } from "vitest";
import type { PriceTable } from "@/lib/cost/prices";
import { armCost } from "@/lib/experiment/cost";
import type { LinkedSession } from "@/lib/experiment/linked";

const TABLE: PriceTable = {
  version: "2026-01-01",
  source: "test",
  unit: "USD per million tokens",
  models: { m: { input: 1, output: 0, cacheRead: null, cacheWrite: null, cacheWriteHour: null, reasoning: null } },
};

const session = (success: number, inputMillions: number | null, model = "m"): LinkedSession => ({
  sessionId: `s${Math.random()}`,
  arm: "guidance",
  deliveredAt: 0,
  generation: 1,
  rules: [],
  outcome: {
    storedSessionId: 1,
    startedAt: 0,
    success,
    features: {
      operationCount: 1,
      filesModified: 1,
      verifiedAfterEdit: null,
      readBeforeEditRatio: null,
      delegated: null,
    },
    tokensByModel:
      inputMillions === null
        ? {}
        : {
            [model]: {
              input: inputMillions * 1e6,
              output: 0,
              cacheRead: 0,
              cacheCreation: 0,
              reasoning: 0,
              cacheCreationHour: 0,
            },
          },
  },
});

describe("armCost", () => {
  it("shows guidance that raises success but doubles the spend as a dearer success", () => {
    const holdout = armCost([session(1, 1), session(0, 1), session(0, 1), session(1, 1)], TABLE);
    const guidance = armCost([session(1, 2), session(1, 2), session(0, 2), session(1, 2)], TABLE);
    expect(holdout).toEqual({ priced: 4, unpriced: 0, successful: 2, usd: 4, perSession: 1, perSuccess: 2 });
    expect(guidance).toEqual({ priced: 4, unpriced: 0, successful: 3, usd: 8, perSession: 2, perSuccess: 8 / 3 });
  });

  it("leaves out sessions without counted tokens or with an unpriced model, and says how many", () => {
    expect(armCost([session(1, null), session(1, 1, "unknown"), session(0.5, 3)], TABLE)).toEqual({
      priced: 1,
      unpriced: 2,
      successful: 0,
      usd: 3,
      perSession: 3,
      perSuccess: null,
    });
  });
});
