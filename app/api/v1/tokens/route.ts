import { getToken, listTokens } from "@/lib/server/people";
import { isInstanceAdmin, type Access } from "@/lib/auth/access";
import { ApiError, notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { issueToken } from "@/lib/server/auth/issue-token";
import { projectFor, visibleProject } from "@/lib/server/auth/project-access";
import { requireSignIn } from "@/lib/server/auth/require-sign-in";
import { issuedTokenSchema, newTokenSchema, tokenListQuery as query, tokenListSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "Your own tokens; `?project=<slug>` those limited to a project you manage; `?all=1` every token (admins).",
    query,
    response: tokenListSchema,
  },
  async ({ query, caller }) => {
    requireSignIn(caller);
    if (query.all) {
      if (!isInstanceAdmin(caller.access))
        throw new ApiError(403, "forbidden", "Only an instance admin may list every token.");
      return { items: await listTokens(getDb(), {}) };
    }
    if (query.project !== undefined)
      return {
        items: await listTokens(getDb(), {
          projectId: (await projectFor(getDb(), caller.access, query.project, "manage")).id,
        }),
      };
    return { items: await listTokens(getDb(), { userId: caller.user.id }) };
  },
);

/** The ids of the projects named, in order; 404 for the first one the caller cannot see. */
async function visibleProjectIds(access: Access, slugs: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const slug of slugs) {
    const project = await visibleProject(getDb(), access, slug);
    if (!project) throw notFound(`project "${slug}"`);
    ids.push(project.id);
  }
  return ids;
}

export const POST = route(
  {
    doc: "Creates a token for the signed-in person. The secret is in this answer only; Starlight keeps its hash.",
    body: {
      schema: newTokenSchema,
      example: '{"name": "laptop hook", "permissions": ["ingest"], "projects": ["my-app"]}',
    },
    response: issuedTokenSchema,
    status: 201,
  },
  async ({ body, caller }) => {
    requireSignIn(caller);
    const input = await body();
    const projectIds = input.projects === "all" ? null : await visibleProjectIds(caller.access, input.projects);
    const { id, token, prefix } = await issueToken(getDb(), {
      userId: caller.user.id,
      name: input.name,
      permissions: input.permissions,
      projectIds,
    });
    const { projectIds: _ids, ...summary } = (await getToken(getDb(), id))!;
    await audit(getDb(), caller, "token.create", input.name, {
      prefix,
      permissions: input.permissions,
      projects: input.projects,
    });
    return { token, ...summary };
  },
);
