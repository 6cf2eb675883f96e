import { z } from "zod";
import { TOKEN_PERMISSIONS } from "@/db/schema";

/** A new API token: what it may do, and in which projects ("all": every project its owner can reach). */
export const newTokenSchema = z.object({
  name: z.string().trim().min(1, "name the token, e.g. after the machine it is for").max(100),
  permissions: z
    .array(z.enum(TOKEN_PERMISSIONS))
    .min(1, "choose read, ingest or both")
    .transform((p) => [...new Set(p)]),
  projects: z.union([
    z.literal("all"),
    z
      .array(z.string().min(1).max(200))
      .min(1, 'choose at least one project, or "all"')
      .max(500)
      .transform((p) => [...new Set(p)]),
  ]),
});

export const tokenListQuery = z.object({
  project: z.string().min(1).max(200).optional(),
  all: z.literal("1").optional(),
});
