import { z } from "zod";
import { getProjectBySlug } from "@/db/queries/projects";
import { listProjectSessions } from "@/db/queries/sessions";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { sessionListQuerySchema } from "@/lib/session-list";

const params = z.object({ slug: z.string().min(1).max(200) });

/** One keyset page of a project's sessions: `{ items, nextCursor }`. */
export const GET = route({ params, query: sessionListQuerySchema }, ({ params, query }) => {
  const project = getProjectBySlug(params.slug);
  if (!project) throw notFound(`Project "${params.slug}"`);
  return listProjectSessions(project.id, query);
});
