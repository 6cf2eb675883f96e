import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { experimentSessionsCsv } from "@/lib/server/experiment";
import { projectParams as params } from "../../params";
import { CSV } from "@/lib/http/answer";
import { getDb } from "@/db/client";

export const GET = route(
  { doc: "The open period's enrolled sessions, one row each, as a CSV download.", params, response: CSV },
  async ({ params, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const csv = await experimentSessionsCsv(getDb(), project.slug);
    if (csv === null) throw notFound(`Project "${project.slug}"`);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${project.slug}-experiment.csv"`,
        "cache-control": "no-store",
      },
    });
  },
);
