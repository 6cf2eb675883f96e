import { z } from "zod";
import { OUTCOMES } from "@/lib/server/outcome";

/** A person's verdict on a session; null restores the original score. */
export const outcomeBodySchema = z.object({ outcome: z.enum(OUTCOMES).nullable() });

/**
 * One session with its project, ordered operations, files and memory entry (db/queries/sessions.ts SessionDetail).
 * The session and memory rows are described by their keys; they carry their other columns as they are stored.
 */
export const sessionDetailSchema = z.object({
  session: z.looseObject({
    id: z.number(),
    projectId: z.number(),
    externalId: z.string(),
    startedAt: z.number(),
    successScore: z.number(),
    raw: z.unknown(),
  }),
  project: z.object({ slug: z.string(), name: z.string() }),
  operations: z.array(
    z.object({
      sessionId: z.number(),
      seq: z.number(),
      tool: z.string(),
      command: z.string().nullable(),
      file: z.string().nullable(),
      output: z.string().nullable(),
      at: z.number().nullable(),
      delegated: z.boolean(),
      isError: z.boolean(),
    }),
  ),
  files: z.object({ read: z.array(z.string()), modified: z.array(z.string()) }),
  memory: z.looseObject({}).nullable(),
});

/** A session with its cost, priced with the table it names; null when the source counts no tokens per model. */
export const pricedSessionSchema = sessionDetailSchema.extend({
  cost: z
    .looseObject({
      usd: z.number().nullable(),
      pricedUsd: z.number(),
      unpriced: z.array(z.string()),
      prices: z.unknown(),
    })
    .nullable(),
});
