import "server-only";

/** The projects as pages read them: a project by its slug, its summary, and the projects a caller may read. */
export { getProjectBySlug, getProjectSummary, listReadableProjects, type ProjectSummary } from "@/db/queries/projects";
