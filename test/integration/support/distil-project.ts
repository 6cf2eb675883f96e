import type { Db } from "@/db/client";
import { projectAggregates } from "@/lib/server/project-aggregates";
import { getProjectBySlug } from "@/db/queries/projects";
import type { ProjectAggregates } from "@/lib/guidance/aggregates";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { distil } from "@/lib/guidance/distil";

/** Aggregates of the project with this slug; null when there is no such project. */
export async function aggregatesForSlug(db: Db, slug: string): Promise<ProjectAggregates | null> {
  const project = await getProjectBySlug(db, slug);
  return project ? projectAggregates(db, project.id) : null;
}

/** A project's guidance content from its aggregates alone (no knowledge, nothing stored); null when there is no such project. */
export async function distilProject(db: Db, slug: string): Promise<GuidanceContent | null> {
  const aggregates = await aggregatesForSlug(db, slug);
  return aggregates ? distil(aggregates) : null;
}
