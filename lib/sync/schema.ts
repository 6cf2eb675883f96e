import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SOURCE_KINDS } from "@/lib/walk/kinds";
import { toProjectSlug } from "@/lib/project-slug";
import type { SyncReport, SyncSourceResult } from "./report";

/** Why `dir` cannot be a source's folder, or null when it is a directory the server can list and read. */
function folderProblem(dir: string): string | null {
  if (!path.isAbsolute(dir))
    return `"${dir}" is not an absolute path: give the folder's full path on the server, such as /home/me/.claude/projects`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    return `${dir} does not exist on the server`;
  }
  if (!stat.isDirectory()) return `${dir} is not a folder: give the folder that holds the sessions`;
  try {
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch {
    return `${dir} cannot be read by the server (permission denied)`;
  }
  return null;
}

/**
 * `POST /api/v1/sources` body: `{ name, path, kind?, project? }`. `kind` is detected from the folder when
 * omitted; `project` (any name, stored as its slug) is required for an ACOS folder, whose files name no project.
 */
export const sourceInputSchema = z
  .object({
    name: z.string().trim().min(1, "name is required").max(64, "name is at most 64 characters"),
    path: z
      .string()
      .trim()
      .min(1, "path is required")
      .superRefine((dir, ctx) => {
        const problem = folderProblem(dir);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((dir) => path.resolve(dir)),
    kind: z.enum(SOURCE_KINDS).optional(),
    project: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((name, ctx) => {
        if (!name) return null;
        const slug = toProjectSlug(name);
        if (!slug)
          ctx.addIssue({
            code: "custom",
            message: `"${name}" cannot be used as a project name: use letters or digits`,
          });
        return slug;
      }),
  })
  .strict();

export type SourceInput = z.output<typeof sourceInputSchema>;

const counts = {
  filesSeen: z.number(),
  filesUnchanged: z.number(),
  filesRead: z.number(),
  sessions: z.number(),
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
};

/** What a sync did for one source (lib/sync/report.ts SyncSourceResult). */
export const syncSourceResultSchema = z.object({
  sourceId: z.number(),
  name: z.string(),
  kind: z.string(),
  path: z.string(),
  startedAt: z.number(),
  finishedAt: z.number(),
  error: z.string().nullable(),
  ...counts,
  filesTooLarge: z.number(),
  errors: z.array(z.string()),
  projects: z.array(z.object({ project: z.string().nullable(), ...counts, errors: z.array(z.string()) })),
}) satisfies z.ZodType<SyncSourceResult>;

/** What `POST /api/v1/sync` answers (lib/sync/report.ts SyncReport). */
export const syncReportSchema = z.object({
  sources: z.array(syncSourceResultSchema),
  totals: z.object(counts),
}) satisfies z.ZodType<SyncReport>;

/** A registered folder with its last sync's result (db/queries/sources.ts Source). */
export const sourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  path: z.string(),
  project: z.string().nullable(),
  createdAt: z.number(),
  lastSyncedAt: z.number().nullable(),
  lastResult: syncSourceResultSchema.nullable(),
  files: z.number(),
});

export const sourceListSchema = z.object({ items: z.array(sourceSchema) });
