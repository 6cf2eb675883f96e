import { z } from "zod";
import { FILE_FORMATS } from "@/lib/ingest/types";

export const ingestQuery = z.object({
  /** Project to store into; created if new. ACOS files name no project, so they need it. */
  project: z.string().trim().min(1).max(200).optional(),
  /** Name of the file when the raw body is one file (multipart parts carry their own names). */
  name: z.string().trim().min(1).max(255).default("body"),
});

const count = z.number().int().nonnegative();

/** What the ingest answers (lib/ingest/report.ts `IngestReport`, docs/architecture.md#the-ingest-answer); a 207 or 422 adds `error`. */
export const ingestReportSchema = z.object({
  project: z.string().nullable(),
  files: z.array(
    z.object({
      name: z.string(),
      format: z.enum(FILE_FORMATS),
      project: z.string().nullable(),
      accepted: count,
      duplicates: count,
      rejected: count,
      errors: z.array(
        z.object({ line: z.number().int().nullable(), field: z.string().nullable(), message: z.string() }),
      ),
      errorCount: count,
      sessions: z.array(z.object({ id: z.number(), project: z.string(), externalId: z.string() })),
      waitingFor: z.object({ project: z.string(), externalId: z.string() }).nullable(),
    }),
  ),
  totals: z.object({ accepted: count, duplicates: count, rejected: count, waiting: count }),
});
