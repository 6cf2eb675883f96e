import { getProjectSummary, insertProject, listReadableProjects } from "@/lib/server/projects";
import { canCreateProject, readableProjects } from "@/lib/auth/access";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { toProjectSlug } from "@/lib/project-slug";
import { audit } from "@/lib/server/auth/audit";
import { newProjectSchema, projectListSchema, projectSummarySchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "The projects the caller may read, each with session count, average success, last activity and sessions per category.",
    response: projectListSchema,
  },
  async ({ caller }) => ({ items: await listReadableProjects(getDb(), readableProjects(caller.access)) }),
);

export const POST = route(
  {
    doc: "Creates an empty project (admins, or their tokens for every project): `{ name }` → 201 with its summary.",
    body: { schema: newProjectSchema, example: '{"name": "My app"}' },
    response: projectSummarySchema,
    status: 201,
  },
  async ({ body, caller }) => {
    if (!canCreateProject(caller.access))
      throw new ApiError(403, "forbidden", "Only an instance admin may create a project.");
    const { name } = await body();
    const slug = toProjectSlug(name);
    if (!slug)
      throw new ApiError(422, "invalid_project", `"${name}" cannot be used as a project name: use letters or digits.`);
    if (!(await insertProject(getDb(), slug, name)))
      throw new ApiError(409, "project_exists", `A project with the slug "${slug}" already exists.`);
    await audit(getDb(), caller, "project.create", slug);
    return (await getProjectSummary(getDb(), slug))!;
  },
);
