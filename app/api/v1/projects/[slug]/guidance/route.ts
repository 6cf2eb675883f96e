import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { budgetOf, guidanceQuerySchema } from "@/lib/guidance/query";
import { downloadName } from "@/lib/guidance/render";
import { projectFor } from "@/lib/server/auth/project-access";
import { renderedGuidance } from "@/lib/server/guidance";

const params = z.object({ slug: z.string().min(1).max(200) });

/**
 * The project's guidance in one format, within a size budget: `text/markdown` (hook-json: `application/json`),
 * ETag = the content hash, `Content-Disposition: attachment` with `download=1`. `session` is accepted and not
 * yet recorded (deliveries: issue 8).
 */
export const GET = route({ params, query: guidanceQuerySchema }, ({ params, query, request, caller }) => {
  const project = projectFor(caller.access, params.slug, "read");
  const rendered = renderedGuidance(project.slug, query.format, budgetOf(query), { includeProvisional: query.provisional });
  if (!rendered) throw notFound(`Project "${project.slug}"`);
  const etag = `"${rendered.contentHash}"`;
  const headers = new Headers({
    "content-type": query.format === "hook-json" ? "application/json; charset=utf-8" : "text/markdown; charset=utf-8",
    etag,
    "cache-control": "no-cache",
    "x-starlight-generation": String(rendered.generation),
  });
  if (query.download) headers.set("content-disposition", `attachment; filename="${downloadName(query.format, params.slug)}"`);
  const inm = request.headers.get("if-none-match");
  if (inm && inm.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return new Response(null, { status: 304, headers });
  return new Response(rendered.text, { status: 200, headers });
});
