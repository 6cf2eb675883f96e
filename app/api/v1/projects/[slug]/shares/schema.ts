import { z } from "zod";

/** Shares a project's validated lessons with this one: `{ source: "<slug>" }`. */
export const addShareSchema = z.object({ source: z.string().trim().min(1).max(200) });

/** The projects shared with this one (db/queries/project-shares.ts ProjectShare). */
export const shareListSchema = z.object({
  items: z.array(
    z.object({
      source: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
      /** The admin who shared it; null once their account is deleted. */
      createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
      createdAt: z.number(),
    }),
  ),
});
