import { z } from "zod";

export const ingestQuery = z.object({
  /** Project to store into; created if new. ACOS files name no project, so they need it. */
  project: z.string().trim().min(1).max(200).optional(),
  /** Name of the file when the raw body is one file (multipart parts carry their own names). */
  name: z.string().trim().min(1).max(255).default("body"),
});
