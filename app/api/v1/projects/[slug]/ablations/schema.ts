import { z } from "zod";
import { newAblationSchema } from "@/lib/ablation/contract";
import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";

/** `starlight ablate`'s declaration, with the format the guidance arm's file is written in. */
export const startSchema = newAblationSchema.extend({ format: z.enum(GUIDANCE_FORMATS) });

/** The `[slug]/ablations/[id]` segments. */
export const ablationParams = z.object({
  slug: z.string().min(1).max(200),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
