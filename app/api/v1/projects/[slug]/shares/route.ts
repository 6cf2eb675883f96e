import { addShare, getProjectBySlug, listShares } from "@/lib/server/projects";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams as params } from "../params";
import { addShareSchema, shareListSchema } from "./schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "The projects whose validated lessons an admin shared with this one (its owners and admins).",
    params,
    response: shareListSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    return { items: await listShares(getDb(), project.id) };
  },
);

export const POST = route(
  {
    doc: "Shares another project's validated lessons with this one (admins, signed in): 201, or 200 when already shared.",
    params,
    auth: "admin",
    body: { schema: addShareSchema, example: '{"source": "other-project"}' },
    response: shareListSchema,
  },
  async ({ params, body, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const { source } = await body();
    const from = await getProjectBySlug(getDb(), source);
    if (!from)
      throw new ApiError(404, "not_found", `project "${source}" not found`, [
        { field: "source", message: "no project with that slug" },
      ]);
    if (from.id === project.id)
      throw new ApiError(422, "invalid_request", "A project cannot share with itself.", [
        { field: "source", message: "pick another project" },
      ]);
    const added = await addShare(getDb(), from.id, project.id, caller.user.id);
    if (added) await audit(getDb(), caller, "share.add", `${from.slug} → ${project.slug}`);
    return Response.json({ items: await listShares(getDb(), project.id) }, { status: added ? 201 : 200 });
  },
);
