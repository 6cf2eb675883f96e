import { z } from "zod";
import { getProjectBySlug, removeShare } from "@/lib/server/projects";
import { notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { audit } from "@/lib/server/auth/audit";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectParams } from "../../params";
import { getDb } from "@/db/client";

const params = projectParams.extend({ source: z.string().min(1).max(200) });

export const DELETE = route(
  {
    doc: "Stops sharing the source's lessons with this project (admins, signed in): 204, or 404 when it was not shared.",
    params,
    auth: "admin",
    response: NO_CONTENT,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "manage");
    const source = await getProjectBySlug(getDb(), params.source);
    if (!source || !(await removeShare(getDb(), source.id, project.id)))
      throw notFound(`share of "${params.source}" with "${project.slug}"`);
    await audit(getDb(), caller, "share.remove", `${source.slug} → ${project.slug}`);
    return new Response(null, { status: 204 });
  },
);
