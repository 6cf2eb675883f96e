import { z } from "zod";
import { ABLATION_ARMS, processEndSchema, RUN_STATUSES } from "@/lib/ablation/contract";
import { PAIRED_MEASURES } from "@/lib/ablation/paired";
import { intervalSchema, ruleAdherenceSchema } from "@/lib/experiment/report-schema";

/**
 * An ablation's answers as zod schemas (the shapes lib/server/ablation.ts returns): the API routes declare them as
 * their `response`, so the OpenAPI document shows them and, outside production, each answer is checked.
 */

const nullableNumber = z.number().nullable();
const arm = z.enum(ABLATION_ARMS);

const armResultSchema = z.object({
  arm,
  runs: z.number(),
  judged: z.number(),
  unverified: z.number(),
  completed: z.number(),
  completion: intervalSchema.nullable(),
  setupFailed: z.number(),
  checkErrors: z.number(),
  agentTimeouts: z.number(),
  withTranscript: z.number(),
  meanToolErrors: nullableNumber,
  meanOperations: nullableNumber,
  meanDurationMs: nullableNumber,
  tokensPerCompleted: nullableNumber,
  costPerCompleted: nullableNumber,
  priced: z.number(),
});

const taskArmSchema = z.object({ judged: z.number(), completed: z.number(), rate: nullableNumber });

/** lib/ablation/analysis.ts `AblationAnalysis`. */
export const ablationAnalysisSchema = z.object({
  verified: z.number(),
  unverified: z.number(),
  verdict: z.enum(["more", "fewer", "not significant", "none"]).nullable(),
  arms: z.array(armResultSchema),
  tasks: z.array(
    z.object({
      task: z.string(),
      arms: z.object({ guidance: taskArmSchema.optional(), none: taskArmSchema.optional() }),
      difference: nullableNumber,
    }),
  ),
  paired: z
    .object({ tasks: z.number(), mean: z.number(), low: z.number(), high: z.number(), pValue: z.number() })
    .nullable(),
  pooled: intervalSchema.nullable(),
  adherence: z.array(ruleAdherenceSchema),
  mcnemar: z.object({ pairs: z.number(), guidanceOnly: z.number(), noneOnly: z.number(), pValue: z.number() }),
  measures: z.array(
    z.object({
      measure: z.enum(PAIRED_MEASURES),
      tasks: z.number(),
      mean: z.number(),
      low: z.number(),
      high: z.number(),
      control: z.number(),
    }),
  ),
  worse: z.array(z.string()),
  planning: z.object({
    effect: z.number(),
    discordant: z.number(),
    observed: z.boolean(),
    tasksNeeded: nullableNumber,
  }),
  caveats: z.array(z.string()),
});

const metaSchema = z.object({
  id: z.number(),
  project: z.string(),
  suite: z.string(),
  agent: z.string(),
  generation: z.number(),
  runs: z.number(),
  seed: z.number(),
  createdAt: z.number(),
  tasks: z.array(z.string()),
  arms: z.array(z.string()),
  planned: z.number(),
  rules: z.array(z.string()),
});

const judgedArmSchema = z.object({ judged: z.number(), completed: z.number(), completion: intervalSchema.nullable() });

/** `GET /projects/{slug}/ablations`: every ablation with its result, and the results pooled per generation. */
export const ablationsOverviewSchema = z.object({
  ablations: z.array(
    metaSchema.extend({ reported: z.number(), summary: z.string(), analysis: ablationAnalysisSchema }),
  ),
  generations: z.array(
    z.object({
      generation: z.number(),
      ablations: z.number(),
      guidance: judgedArmSchema,
      none: judgedArmSchema,
      difference: intervalSchema.nullable(),
    }),
  ),
});

/** `GET /projects/{slug}/ablations/{id}`: what was run, the analysis and every run. */
export const ablationViewSchema = z.object({
  meta: metaSchema,
  analysis: ablationAnalysisSchema,
  runs: z.array(
    z.object({
      id: z.number(),
      ablationId: z.number(),
      task: z.string(),
      arm,
      run: z.number(),
      status: z.enum(RUN_STATUSES),
      setup: processEndSchema.nullable(),
      agent: processEndSchema.nullable(),
      check: processEndSchema.nullable(),
      detail: z.string().nullable(),
      reportedAt: z.number(),
      problem: z.string().nullable(),
      hasSession: z.boolean(),
      verified: z.boolean(),
      operations: nullableNumber,
      toolErrors: nullableNumber,
    }),
  ),
  problems: z.array(z.object({ task: z.string(), arm, run: z.number(), what: z.string() })),
  summary: z.string(),
});

/** `POST /projects/{slug}/ablations` (201): the ablation recorded, and the guidance its guidance arm gets. */
export const startedAblationSchema = z.object({
  id: z.number(),
  generation: z.number(),
  guidance: z.string(),
  page: z.string(),
});
