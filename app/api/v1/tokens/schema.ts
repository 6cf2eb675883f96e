import { z } from "zod";
import { TOKEN_PERMISSIONS } from "@/lib/server/people";

/** A new API token: what it may do, and in which projects ("all": every project its owner can reach). */
export const newTokenSchema = z.object({
  name: z.string().trim().min(1, "name the token, e.g. after the machine it is for").max(100),
  permissions: z
    .array(z.enum(TOKEN_PERMISSIONS))
    .min(1, "choose read, ingest or both")
    .transform((p) => [...new Set(p)]),
  projects: z.union(
    [
      z.literal("all"),
      z
        .array(z.string().min(1).max(200))
        .min(1, 'choose at least one project, or "all"')
        .max(500)
        .transform((p) => [...new Set(p)]),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? 'name the projects: "all", or a list of project slugs' : undefined,
    },
  ),
});

export const tokenListQuery = z.object({
  project: z.string().min(1).max(200).optional(),
  all: z.literal("1").optional(),
});

/** A token as its owner and admins see it, never its secret (db/queries/tokens.ts TokenSummary). */
export const tokenSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)),
  allProjects: z.boolean(),
  /** Slugs of the projects it is limited to (empty when allProjects). */
  projects: z.array(z.string()),
  owner: z.object({ id: z.number(), email: z.string() }),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});

export const tokenListSchema = z.object({ items: z.array(tokenSummarySchema) });

/** A token just made: its summary and, this once, its secret. */
export const issuedTokenSchema = tokenSummarySchema.extend({ token: z.string() });
