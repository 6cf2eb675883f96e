import { z } from "zod";

/** Shares a project's validated lessons with this one: `{ source: "<slug>" }`. */
export const addShareSchema = z.object({ source: z.string().trim().min(1).max(200) });
