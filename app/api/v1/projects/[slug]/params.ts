import { z } from "zod";

/** The `[slug]` segment of a project's API routes. */
export const projectParams = z.object({ slug: z.string().min(1).max(200) });
