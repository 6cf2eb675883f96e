import { z } from "zod";
import {
  OUTPUT_LENGTH,
  PROMPT_LENGTH,
  SOURCE_FORMATS,
  SUCCESS_SOURCES,
  type ToolPattern,
  type Session,
} from "@/lib/session";

/**
 * The canonical session contract (lib/session.ts) as a schema, for the fuzz suites: what every parser
 * must hand downstream, whatever file it was given. Times are epoch milliseconds a `Date` can hold, every
 * number is finite, operations are numbered 0, 1, 2, … and counted, prompts are counted, outputs and prompts
 * are within their lengths, and `raw` can be stored as JSON.
 */

/** The largest time a JavaScript `Date` can hold (±100,000,000 days from 1970). */
const MAX_DATE_MS = 8.64e15;

const finite = z.number().refine(Number.isFinite, "must be finite");
const time = finite.min(-MAX_DATE_MS).max(MAX_DATE_MS);
/** A whole number of things: not bounded to the safe-integer range, since sums of large counts may leave it. */
const count = finite.min(0).refine(Number.isInteger, "must be a whole number");

const operation = z.strictObject({
  seq: count,
  tool: z.string(),
  file: z.string().nullable(),
  command: z.string().nullable(),
  isError: z.boolean(),
  at: time.nullable(),
  delegated: z.boolean(),
  output: z.string().max(OUTPUT_LENGTH).nullable(),
});

const prompt = z.strictObject({
  text: z.string().min(1).max(PROMPT_LENGTH),
  at: time.nullable(),
  after: z.enum(["rejection", "interruption"]).nullable(),
});

const storableJson = z.unknown().refine((value) => {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}, "must serialise to JSON");

export const sessionContract = z
  .strictObject({
    format: z.enum(SOURCE_FORMATS),
    externalId: z.string().min(1),
    sessionId: z.string().nullable(),
    projectHint: z.string().nullable(),
    agent: z.string().min(1),
    task: z.string().nullable(),
    domain: z.string().min(1),
    startedAt: time,
    endedAt: time.nullable(),
    durationMs: finite.min(0).nullable(),
    promptCount: count.nullable(),
    prompts: z.array(prompt),
    operations: z.array(operation).nullable(),
    operationCount: count,
    toolBreakdown: z.record(z.string(), count),
    filesRead: z.array(z.string()),
    filesModified: z.array(z.string()),
    tokens: z.strictObject({ input: count, output: count, cacheRead: count, cacheCreation: count }).nullable(),
    tokensByModel: z.record(
      z.string(),
      z.strictObject({
        input: count,
        output: count,
        cacheRead: count,
        cacheCreation: count,
        reasoning: count,
        cacheCreationHour: count,
      }),
    ),
    models: z.array(z.string()),
    gitBranch: z.string().nullable(),
    events: z.strictObject({ interruptions: count, rejectedToolCalls: count, apiErrors: count }).nullable(),
    subagents: z.array(
      z.strictObject({
        agentId: z.string(),
        agentType: z.string().nullable(),
        description: z.string().nullable(),
        workflow: z.string().nullable(),
        operationCount: count,
      }),
    ),
    success: z.strictObject({
      score: finite.min(0).max(1),
      source: z.enum(SUCCESS_SOURCES),
      signals: z.array(z.strictObject({ name: z.string(), delta: finite, detail: z.string() })),
    }),
    critique: z.string().nullable(),
    raw: storableJson,
  })
  .superRefine((t, ctx) => {
    if (t.prompts.length > 0 && t.promptCount !== t.prompts.length)
      ctx.addIssue({ code: "custom", path: ["promptCount"], message: "must count the prompts" });
    const perModel = Object.values(t.tokensByModel);
    const summed = (f: "input" | "output" | "cacheRead" | "cacheCreation") => perModel.reduce((n, m) => n + m[f], 0);
    if ((t.tokens === null) !== (perModel.length === 0))
      ctx.addIssue({ code: "custom", path: ["tokensByModel"], message: "must be empty exactly when tokens is null" });
    else if (
      t.tokens !== null &&
      (["input", "output", "cacheRead", "cacheCreation"] as const).some((f) => t.tokens![f] !== summed(f))
    )
      ctx.addIssue({ code: "custom", path: ["tokens"], message: "must be the sum of tokensByModel" });
    if (perModel.some((m) => m.reasoning > m.output || m.cacheCreationHour > m.cacheCreation))
      ctx.addIssue({
        code: "custom",
        path: ["tokensByModel"],
        message: "reasoning is part of output, the hour cache part of cacheCreation",
      });
    if (t.operations === null) return;
    if (t.operations.some((op, i) => op.seq !== i))
      ctx.addIssue({ code: "custom", path: ["operations"], message: "seq must be 0, 1, 2, …" });
    if (t.operations.length !== t.operationCount)
      ctx.addIssue({ code: "custom", path: ["operationCount"], message: "must count the operations" });
  }) satisfies z.ZodType<Session>;

export const toolPatternContract = z.strictObject({
  sequence: z.string().min(1),
  type: z.string().nullable(),
  count: count.refine((n) => n >= 1, "must be 1 or more"),
  avgSuccess: finite.min(0).max(1),
  discoveredAt: time.nullable(),
  lastSeen: time.nullable(),
}) satisfies z.ZodType<ToolPattern>;
