import { z } from "zod";
import { MEMORY_CATEGORIES } from "@/lib/session";

/** A new project: `{ name }`; its slug is made from the name. */
export const newProjectSchema = z.strictObject({ name: z.string().trim().min(1).max(200) });

/** A project as lists show it (db/queries/projects.ts ProjectSummary). */
export const projectSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  createdAt: z.number(),
  sessions: z.number(),
  /** Mean success score 0..1; null when the project has no sessions. */
  avgSuccess: z.number().nullable(),
  lastActivityAt: z.number().nullable(),
  /** Sessions per category. */
  categories: z.record(z.enum(MEMORY_CATEGORIES), z.number()),
});

export const projectListSchema = z.object({ items: z.array(projectSummarySchema) });
