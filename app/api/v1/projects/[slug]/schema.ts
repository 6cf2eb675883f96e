import { z } from "zod";

/** A project's settings an owner may change; a field left out stays as it is. */
export const projectSettingsSchema = z
  .object({
    /** true: agents get only accepted guidance items; false: all of it; null: the default (docs/trust-model.md#default). */
    reviewGuidance: z.boolean().nullable().optional(),
  })
  .strict();
