import { z } from "zod";
import { RULE_SOURCES } from "@/lib/guidance/contract";

const group = z.object({ n: z.number(), mean: z.number(), sd: z.number() });

/** A rule's evidence (lib/guidance/contract.ts `Evidence`). */
const evidenceSchema = z.object({
  with: group,
  without: group,
  difference: z.number(),
  low: z.number(),
  high: z.number(),
  method: z.enum(["welch", "adjusted"]),
  se: z.number().optional(),
  df: z.number().optional(),
  adjustedFor: z.array(z.string()).optional(),
  outcome: z.enum(["success", "unverified"]).optional(),
  raw: z.number().optional(),
});

/** `GET /projects/{slug}/rules`: every rule with its evidence, status and history (lib/server/guidance.ts `RulesListing`). */
export const rulesListingSchema = z.object({
  project: z.string(),
  generation: z.number(),
  contentHash: z.string(),
  promoteAfter: z.number(),
  rules: z.array(
    z.object({
      key: z.string(),
      source: z.enum(RULE_SOURCES).nullable(),
      domain: z.string().nullable(),
      instruction: z.string(),
      evidenceLine: z.string(),
      evidence: evidenceSchema,
      status: z.enum(["supported", "provisional", "promoted", "retired"]),
      test: z
        .object({
          verdict: z.enum(["helps", "no effect shown", "hurts"]),
          effect: z.number(),
          low: z.number(),
          high: z.number(),
          told: z.number(),
          notTold: z.number(),
        })
        .optional(),
      supportedStreak: z.number(),
      firstGeneration: z.number(),
      retired: z.object({ generation: z.number(), at: z.number(), reason: z.string() }).nullable(),
      adrPath: z.string().nullable(),
      history: z.array(
        z.object({
          generation: z.number(),
          createdAt: z.number(),
          support: z.enum(["supported", "provisional", "absent"]),
          evidenceLine: z.string().nullable(),
          evidence: evidenceSchema.nullable(),
        }),
      ),
    }),
  ),
});
