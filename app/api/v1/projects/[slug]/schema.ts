import { z } from "zod";
import { PROJECT_ROLES } from "@/lib/server/people";
import type { Cost } from "@/lib/cost/cost";
import { JUST_IN_TIME_SETTINGS } from "@/lib/just-in-time/contract";
import { projectSummarySchema } from "../schema";

/** A project's settings an owner may change; a field left out stays as it is. */
export const projectSettingsSchema = z
  .object({
    /** true: agents get only accepted guidance items; false: all of it; null: the default (docs/trust-model.md#default). */
    reviewGuidance: z.boolean().nullable().optional(),
    /** Notes at tool calls (docs/just-in-time.md): on (added as context), ask (the user is asked first), off. */
    justInTime: z.enum(JUST_IN_TIME_SETTINGS).optional(),
  })
  .strict();

/** The settings as they now are: whether review is on and why (lib/server/review-gate.ts ReviewMode), and just-in-time. */
export const projectSettingsAnswerSchema = z.object({
  reviewGuidance: z.object({
    on: z.boolean(),
    setting: z.boolean().nullable(),
    byDefault: z.boolean(),
    members: z.number(),
    uploaders: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  justInTime: z.enum(JUST_IN_TIME_SETTINGS),
});

/** A cost in USD (lib/cost/cost.ts Cost): null when a model that used tokens is unpriced. */
const costSchema = z.object({
  usd: z.number().nullable(),
  pricedUsd: z.number(),
  unpriced: z.array(z.string()),
}) satisfies z.ZodType<Cost>;

/** One project: its summary, its cost in all, per agent and per model with the price table, and the caller's role. */
export const projectDetailSchema = z.object({
  project: projectSummarySchema,
  cost: costSchema.extend({
    byAgent: z.record(z.string(), costSchema),
    byModel: z.record(z.string(), costSchema),
    prices: z.unknown(),
  }),
  role: z.enum(PROJECT_ROLES).nullable(),
});
