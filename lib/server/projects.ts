import "server-only";

/** Projects as pages and routes read and change them: by slug, summaries, the readable ones, and their shares. */
export {
  getProjectBySlug,
  getProjectSummary,
  insertProject,
  listReadableProjects,
  type ProjectSummary,
} from "@/db/queries/projects";
export { deleteProject } from "@/db/queries/project-deletion";
export { addShare, listShares, removeShare, shareCandidates, type ProjectShare } from "@/db/queries/project-shares";
