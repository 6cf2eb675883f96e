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
}, async ({ params, caller }) => {
  const { id } = await projectFor(caller.access, params.slug, "read");
  const project = await getProjectSummary(params.slug);
  if (!project) throw notFound(`project "${params.slug}"`);
  return { project, cost: await projectCost(id), role: caller.access.roles.get(id) ?? null };
});

export const DELETE = route({ doc: "Deletes the project and all its data (owners and admins, signed in).", params }, async ({ params, caller }) => {
  const project = await projectFor(caller.access, params.slug, "manage");
  await deleteProject(project.id);
  await audit(caller, "project.delete", project.slug, { name: project.name });
  return new Response(null, { status: 204 });
});
