import { getProjectSummary } from "@/db/queries/projects";
import { deleteProject } from "@/db/queries/project-deletion";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectCost } from "@/lib/server/cost";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams as params } from "./params";

export const GET = route({
  doc: "One project's summary, its cost (in all, per agent and per model) and the caller's role in it (null for an admin who is not a member).",
  params,
}, ({ params, caller }) => {
  const { id } = projectFor(caller.access, params.slug, "read");
  const project = getProjectSummary(params.slug);
  if (!project) throw notFound(`project "${params.slug}"`);
  return { project, cost: projectCost(id), role: caller.access.roles.get(id) ?? null };
});

export const DELETE = route({ doc: "Deletes the project and all its data (owners and admins, signed in).", params }, ({ params, caller }) => {
  const project = projectFor(caller.access, params.slug, "manage");
  deleteProject(project.id);
  audit(caller, "project.delete", project.slug, { name: project.name });
  return new Response(null, { status: 204 });
});
