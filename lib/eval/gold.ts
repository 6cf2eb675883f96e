import { z } from "zod";

/**
 * The labelled gold of the knowledge evaluation (docs/knowledge-eval.md): per project, the facts a senior engineer
 * who watched every session would hand the next agent, each with a regex for its key tokens and an importance, and
 * the anti-facts a naive miner would wrongly state. The same format as test/fixtures/eval/knowledge-gold.json.
 */
export const goldFactSchema = z.object({
  id: z.string().min(1),
  category: z.string(),
  fact: z.string(),
  evidence: z.string(),
  importance: z.enum(["high", "medium", "low"]),
  repeated: z.boolean(),
  sessions: z.number().int().nonnegative(),
  regex: z.string().min(1),
});

export const goldAntiSchema = z.object({
  id: z.string().min(1),
  why: z.string(),
  regex: z.string().min(1),
  example: z.string(),
  /** false: the anti-fact counts even on a line with a negation or retirement word. */
  skip_negated: z.boolean().optional(),
});

export const goldProjectSchema = z.object({
  slug_hint: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  /** The main sessions labelled. */
  sessions: z.array(z.string()).optional(),
  facts: z.array(goldFactSchema),
  anti: z.array(goldAntiSchema),
});

export const knowledgeGoldSchema = z.object({
  version: z.number().int(),
  notes: z.string().optional(),
  /** Keyed by the project's transcript folder (`-src-deep-manifest`). */
  projects: z.record(z.string(), goldProjectSchema),
});

/** Per main session: the outcome from the user's point of view. */
export const outcomeLabelSchema = z.object({
  project_folder: z.string().min(1),
  label: z.enum(["success", "partial", "failure", "unclear"]),
  confidence: z.number().min(0).max(1),
  prompts: z.number().int().nonnegative(),
  evidence: z.string().min(1),
});

export const outcomeGoldSchema = z.object({
  version: z.number().int(),
  notes: z.string().optional(),
  sessions: z.record(z.string(), outcomeLabelSchema),
  excluded: z.unknown().optional(),
});

export type GoldFact = z.infer<typeof goldFactSchema>;
export type GoldAnti = z.infer<typeof goldAntiSchema>;
export type GoldProject = z.infer<typeof goldProjectSchema>;
export type KnowledgeGold = z.infer<typeof knowledgeGoldSchema>;
export type OutcomeLabel = z.infer<typeof outcomeLabelSchema>;
export type OutcomeGold = z.infer<typeof outcomeGoldSchema>;
