import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { listRules } from "@/lib/server/guidance";
import { rulesListingSchema } from "./schema";
import { getDb } from "@/db/client";

const params = z.object({ slug: z.string().min(1).max(200) });

export const GET = route(
  {
    doc: "Every rule with full evidence, lifecycle status and history per generation.",
    params,
    response: rulesListingSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const listing = await listRules(getDb(), project.slug);
    if (!listing) throw notFound(`Project "${project.slug}"`);
    return listing;
  },
);
