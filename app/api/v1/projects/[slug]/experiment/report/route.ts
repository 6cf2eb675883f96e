import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { MARKDOWN } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { experimentMarkdownReport } from "@/lib/server/experiment";
import { projectParams as params } from "../../params";
import { getDb } from "@/db/client";

const query = z.object({ download: z.enum(["1"]).optional() });

export const GET = route(
  {
    doc: "The guidance experiment's report for the open period in markdown, to publish as it is (anyone who can read the project); `download=1` answers it as a file.",
    params,
    query,
    response: MARKDOWN,
  },
  async ({ params, query, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const markdown = await experimentMarkdownReport(getDb(), project.slug);
    if (markdown === null) throw notFound(`Project "${project.slug}"`);
    const headers = new Headers({ "content-type": "text/markdown; charset=utf-8", "cache-control": "no-store" });
    if (query.download) headers.set("content-disposition", `attachment; filename="${project.slug}-experiment.md"`);
    return new Response(markdown, { headers });
  },
);
