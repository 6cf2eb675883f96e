import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { ablationView } from "@/lib/server/ablation";
import { ablationParams as params } from "../schema";
import { ablationViewSchema } from "@/lib/ablation/view-schema";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "One ablation: what was run, the analysis (completion per arm, paired difference, efficiency, adherence) and every run.",
    params,
    response: ablationViewSchema,
  },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    return ablationView(getDb(), project, params.id);
  },
);
