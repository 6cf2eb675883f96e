import { z } from "zod";

/** Owners' verdicts on pending guidance changes: each names the item and the version (hash) the owner saw. */
export const reviewDecisionsSchema = z.object({
  decisions: z
    .array(
      z.object({
        key: z.string().min(1).max(1000),
        hash: z.string().min(1).max(100),
        verdict: z.enum(["accept", "reject"]),
      }),
    )
    .min(1)
    .max(1000),
});
