import { getDb, type Db } from "@/db/client";
import { projectAggregates } from "@/lib/server/project-aggregates";
import { getProjectBySlug } from "@/db/queries/projects";
import type { ProjectAggregates } from "@/lib/guidance/aggregates";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { distil } from "@/lib/guidance/distil";

/** Aggregates of the project with this slug; null when there is no such project. */
export async function aggregatesForSlug(slug: string, db: Db = getDb()): Promise<ProjectAggregates | null> {
  const project = await getProjectBySlug(slug, db);
  return project ? projectAggregates(project.id, db) : null;
}

/** A project's guidance content from its aggregates alone (no knowledge, nothing stored); null when there is no such project. */
export async function distilProject(slug: string, db: Db = getDb()): Promise<GuidanceContent | null> {
  const aggregates = await aggregatesForSlug(slug, db);
  return aggregates ? distil(aggregates) : null;
}
