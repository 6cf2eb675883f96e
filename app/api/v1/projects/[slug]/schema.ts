import { z } from "zod";
import { JUST_IN_TIME_SETTINGS } from "@/lib/just-in-time/contract";

/** A project's settings an owner may change; a field left out stays as it is. */
export const projectSettingsSchema = z
  .object({
    /** true: agents get only accepted guidance items; false: all of it; null: the default (docs/trust-model.md#default). */
    reviewGuidance: z.boolean().nullable().optional(),
    /** Notes at tool calls (docs/just-in-time.md): on (added as context), ask (the user is asked first), off. */
    justInTime: z.enum(JUST_IN_TIME_SETTINGS).optional(),
  })
  .strict();
