import { z } from "zod";

export const hookQuery = z.object({
  /** Project to store into, as for an upload; else the project the event's cwd names (or its session's, once stored). */
  project: z.string().trim().min(1).max(200).optional(),
});

/** Any hook event: the route keeps only those lib/ingest/claude-code/hook-event.ts reads, and answers the others. */
export const hookBody = z.looseObject({ hook_event_name: z.string().max(100) });

export const hookAnswer = z.object({
  event: z.string(),
  /** Whether Starlight keeps this kind of event; false for the others, which it answers and drops. */
  kept: z.boolean(),
  /** 1 when stored now, 0 when it was stored already (the same event again) or is not kept. */
  accepted: z.number().int(),
  duplicates: z.number().int(),
});
