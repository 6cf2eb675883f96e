import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { MARKDOWN } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { ruleAdr } from "@/lib/server/guidance";
import { getDb } from "@/db/client";

const params = z.object({ slug: z.string().min(1).max(200), key: z.string().min(1).max(500) });
const query = z.object({ download: z.enum(["0", "1"]).optional() });

export const GET = route(
  {
    doc: "The architecture decision record of a promoted rule, as markdown; 404 for any other rule.",
    params,
    query,
    response: MARKDOWN,
  },
  async ({ params, query, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const adr = await ruleAdr(getDb(), project.slug, params.key);
    if (adr === null) throw notFound(`Promoted rule "${params.key}"`);
    const headers = new Headers({ "content-type": "text/markdown; charset=utf-8" });
    if (query.download === "1")
      headers.set(
        "content-disposition",
        `attachment; filename="adr-${params.key.replace(/[^A-Za-z0-9._-]+/g, "-")}.md"`,
      );
    return new Response(adr, { status: 200, headers });
  },
);
