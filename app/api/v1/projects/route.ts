import { z } from "zod";
import { getProjectSummary, insertProject, listReadableProjects } from "@/db/queries/projects";
import { canCreateProject, readableProjects } from "@/lib/auth/access";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { toProjectSlug } from "@/lib/project-slug";
import { audit } from "@/lib/server/auth/audit";

export const GET = route({
  doc: "The projects the caller may read, each with session count, average success, last activity and sessions per category.",
}, async ({ caller }) => ({ items: await listReadableProjects(readableProjects(caller.access)) }));

const newProject = z.strictObject({ name: z.string().trim().min(1).max(200) });

export const POST = route({
  doc: "Creates an empty project (admins, or their tokens for every project): `{ name }` → 201 with its summary.",
  body: { schema: newProject, example: '{"name": "My app"}' },
}, async ({ body, caller }) => {
  if (!canCreateProject(caller.access)) throw new ApiError(403, "forbidden", "Only an instance admin may create a project.");
  const { name } = await body();
  const slug = toProjectSlug(name);
  if (!slug) throw new ApiError(422, "invalid_project", `"${name}" cannot be used as a project name: use letters or digits.`);
  if (!(await insertProject(slug, name))) throw new ApiError(409, "project_exists", `A project with the slug "${slug}" already exists.`);
  await audit(caller, "project.create", slug);
  return Response.json(await getProjectSummary(slug), { status: 201 });
});
