import { z } from "zod";
import { MARKDOWN } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { ablationReport } from "@/lib/server/ablation";
import { ablationParams as params } from "../../schema";
import { getDb } from "@/db/client";

const query = z.object({ download: z.enum(["1"]).optional() });

export const GET = route(
  {
    doc: "One ablation's report in markdown, to publish as it is; `download=1` answers it as a file.",
    params,
    query,
    response: MARKDOWN,
  },
  async ({ params, query, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const headers = new Headers({ "content-type": "text/markdown; charset=utf-8", "cache-control": "no-cache" });
    if (query.download) headers.set("content-disposition", `attachment; filename="starlight-ablation-${params.id}.md"`);
    return new Response(await ablationReport(getDb(), project, params.id), { headers });
  },
);
