import { z } from "zod";
import { MEASURED_RULES } from "@/lib/experiment/contract";

/**
 * The guidance experiment's answers as zod schemas (the shapes of lib/experiment/contract.ts): the API routes declare
 * them as their `response`, so the OpenAPI document shows them and, outside production, each answer is checked.
 */

const nullableNumber = z.number().nullable();

/** An estimate with its 95% interval (lib/learn/stats.ts `Interval`). */
export const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

export const experimentSettingsAnswerSchema = z.object({ holdoutShare: z.number(), startedAt: z.number() });

const rateSchema = z.object({ eligible: z.number(), followed: z.number(), rate: nullableNumber });

/** A measured rule's behaviour when given against withheld (lib/experiment/contract.ts `RuleAdherence`). */
export const ruleAdherenceSchema = z.object({
  key: z.enum(MEASURED_RULES),
  behaviour: z.string(),
  given: rateSchema,
  holdout: rateSchema,
  difference: nullableNumber,
  low: nullableNumber,
  high: nullableNumber,
});

const armSummarySchema = z.object({ n: z.number(), mean: z.number(), sd: z.number() });
const armMeanSchema = z.object({ n: z.number(), mean: nullableNumber });

const armCostSchema = z.object({
  priced: z.number(),
  unpriced: z.number(),
  successful: z.number(),
  usd: z.number(),
  perSession: nullableNumber,
  perSuccess: nullableNumber,
});

const outcomeComparisonSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(["usd", "tokens", "operations", "ms", "score", "count", "share"]),
  method: z.enum(["ratio", "difference"]),
  primary: z.boolean(),
  guidance: armMeanSchema,
  holdout: armMeanSchema,
  estimate: nullableNumber,
  low: nullableNumber,
  high: nullableNumber,
  pValue: nullableNumber,
  reading: z.enum(["lower", "higher", "no difference shown", "not yet known"]),
});

const powerPanelSchema = z.object({
  outcome: z.string(),
  plannedCut: z.number(),
  cv: z.number(),
  cvObserved: z.boolean(),
  guidance: z.number(),
  holdout: z.number(),
  detectableCut: nullableNumber,
  neededTotal: nullableNumber,
  more: nullableNumber,
  perDay: nullableNumber,
  days: nullableNumber,
  powered: z.boolean(),
});

const savingsPanelSchema = z.object({
  guidanceTokens: nullableNumber,
  guidanceUsdPerSession: nullableNumber,
  injectedUsd: nullableNumber,
  saved: z.object({
    usdPerSession: intervalSchema.nullable(),
    stepsPerSession: intervalSchema.nullable(),
    msPerSession: intervalSchema.nullable(),
  }),
  verdict: z.enum(["not yet known", "yes", "no"]),
  reason: z.string(),
});

const recurrenceSchema = z.object({ n: z.number(), recurred: z.number(), rate: nullableNumber });
const noteRecurrenceSchema = z.object({
  given: recurrenceSchema,
  drawnOut: recurrenceSchema,
  holdout: recurrenceSchema,
  effect: intervalSchema.nullable(),
  vsHoldout: intervalSchema.nullable(),
});

/** `GET /projects/{slug}/experiment` (lib/experiment/contract.ts `ExperimentReport`). */
export const experimentReportSchema = z.object({
  settings: experimentSettingsAnswerSchema,
  counts: z.object({
    enrolled: z.number(),
    guidance: z.number(),
    holdout: z.number(),
    linked: z.object({ guidance: z.number(), holdout: z.number() }),
    awaiting: z.number(),
    notEnrolled: z.number(),
  }),
  success: z
    .object({
      guidance: armSummarySchema,
      holdout: armSummarySchema,
      difference: z.number(),
      low: z.number(),
      high: z.number(),
      pValue: z.number(),
    })
    .nullable(),
  power: z.object({ effect: z.number(), neededTotal: nullableNumber, more: nullableNumber }),
  adherence: z.array(ruleAdherenceSchema),
  weekly: z.array(
    z.object({
      week: z.string(),
      guidance: armMeanSchema,
      holdout: armMeanSchema,
      adherenceGiven: nullableNumber,
      adherenceHoldout: nullableNumber,
    }),
  ),
  cost: z.object({ guidance: armCostSchema, holdout: armCostSchema, prices: z.string() }),
  outcomes: z.array(outcomeComparisonSchema),
  howLong: powerPanelSchema,
  savings: savingsPanelSchema,
  notes: z.object({ items: z.array(noteRecurrenceSchema.extend({ key: z.string() })), pooled: noteRecurrenceSchema }),
  caveats: z.array(z.string()),
});
