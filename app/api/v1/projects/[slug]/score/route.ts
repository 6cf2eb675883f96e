import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { projectScore } from "@/lib/server/score";
import { scoreResultSchema } from "../../../score/schema";
import { getDb } from "@/db/client";

const params = z.object({ slug: z.string().min(1).max(200) });

export const GET = route(
  {
    doc: "The project's intelligence report with its daily history; computing it records today's snapshot.",
    params,
    response: scoreResultSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const result = await projectScore(getDb(), project.slug);
    if (!result) throw notFound(`Project "${project.slug}"`);
    return result;
  },
);
