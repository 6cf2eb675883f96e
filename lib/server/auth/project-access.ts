import "server-only";
import type { Db } from "@/db/client";
import { getProjectBySlug } from "@/db/queries/projects";
import type { Project } from "@/db/schema";
import { can, type Access, type Action } from "@/lib/auth/access";
import { ApiError } from "@/lib/api-error";

/** The project, if the caller may read it; a project they cannot see is indistinguishable from none. */
export async function visibleProject(db: Db, access: Access, slug: string): Promise<Project | null> {
  const project = await getProjectBySlug(db, slug);
  return project && can(access, "read", project.id) ? project : null;
}

/**
 * The project for an API call that needs `action`: 404 when the caller can neither read it nor do this
 * (never 403, so a project's existence does not leak), 403 when they can see it but not do this. An
 * upload-only token sees the projects it may upload to, and nothing else of them.
 */
export async function projectFor(db: Db, access: Access, slug: string, action: Action): Promise<Project> {
  const project = await getProjectBySlug(db, slug);
  const allowed = project !== null && can(access, action, project.id);
  if (!project || !(allowed || can(access, "read", project.id)))
    throw new ApiError(404, "not_found", `project "${slug}" not found`);
  if (!allowed) throw forbidden(action);
  return project;
}

const VERB: Record<Action, string> = {
  read: "read this project",
  ingest: "upload to this project (members and owners can; for a token it also needs the ingest permission)",
  curate: "change this project's sessions or memories (members and owners can, signed in)",
  manage: "manage this project (its owners and admins can, signed in)",
};

export function forbidden(action: Action): ApiError {
  return new ApiError(403, "forbidden", `You may not ${VERB[action]}.`);
}
