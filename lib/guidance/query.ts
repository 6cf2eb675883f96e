import { z } from "zod";
import { defaultBudget, MIN_BUDGET } from "./budget";
import { GUIDANCE_FORMATS, type GuidanceBudget, type GuidanceFormat } from "./contract";

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

/**
 * The guidance endpoint's query (docs/api.md): format (default markdown), maxLines / maxChars (default per
 * format, see budget.ts; at least 12 lines and 600 characters), provisional=1, download=1, and session (the
 * asking session's id: its delivery is recorded for the experiment, see lib/server/experiment.ts).
 */
export const guidanceQuerySchema = z.object({
  format: z.enum(GUIDANCE_FORMATS).default("markdown"),
  maxLines: z.coerce.number().int().min(MIN_BUDGET.maxLines).max(100_000).optional(),
  maxChars: z.coerce.number().int().min(MIN_BUDGET.maxChars).max(10_000_000).optional(),
  provisional: flag.default(false),
  download: flag.default(false),
  session: z.string().max(200).optional(),
});

export function budgetOf(query: { format: GuidanceFormat; maxLines?: number; maxChars?: number }): GuidanceBudget {
  const fallback = defaultBudget(query.format);
  return { maxLines: query.maxLines ?? fallback.maxLines, maxChars: query.maxChars ?? fallback.maxChars };
}
