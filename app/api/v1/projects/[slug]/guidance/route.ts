import { z } from "zod";
import { ApiError, notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { crossSiteRefused } from "@/lib/http/same-origin";
import { budgetOf, guidanceQuerySchema } from "@/lib/guidance/query";
import { downloadName } from "@/lib/guidance/render";
import type { GuidanceFormat } from "@/lib/guidance/contract";
import { projectFor } from "@/lib/server/auth/project-access";
import { deliverGuidance, givenRules, leftOutTag } from "@/lib/server/experiment";
import { renderedGuidance } from "@/lib/server/guidance";
import { getDb } from "@/db/client";

const params = z.object({ slug: z.string().min(1).max(200) });

const query = guidanceQuerySchema.extend({
  session: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/, "must be 1–200 characters of letters, digits and . _ : -")
    .optional(),
});

/**
 * What a holdout session gets: nothing. For hook-json an empty JSON object, which is valid hook output that adds
 * no context (an empty body would not be JSON, which the content type promises and the CLI checks).
 */
const withheld = (format: GuidanceFormat) => (format === "hook-json" ? "{}" : "");

export const GET = route(
  {
    doc:
      "The project's guidance in one format, within a size budget: `text/markdown` (hook-json: `application/json`), " +
      "ETag = the content hash, `Content-Disposition: attachment` with `download=1`. With `session=<id>` the request " +
      "is a delivery of the guidance experiment: recorded, answered with `X-Starlight-Arm`, and empty for the holdout " +
      "(whose ETag differs, so a cached copy of the guidance is never revalidated for it). While the experiment runs, " +
      "a guidance-arm session's guidance leaves out the rules its factorial draw left out (its ETag names which).",
    params,
    query,
    response: {
      contentType: ["text/markdown", "application/json"],
      description: "The guidance: markdown, or the hook's JSON for `format=hook-json`.",
    },
  },
  async ({ params, query, request, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    const rendered = await renderedGuidance(getDb(), project.slug, query.format, budgetOf(query), {
      includeProvisional: query.provisional,
    });
    if (!rendered) throw notFound(`Project "${project.slug}"`);
    // A delivery is a write: with a browser's cookie it must come from Starlight's own pages, never from a link or
    // a page of another site (a token, sent only by its holder, needs no such proof).
    if (query.session && crossSiteRefused(caller.kind, request.headers)) {
      throw new ApiError(
        403,
        "cross_site",
        "A guidance delivery (session=) with a browser's sign-in must come from Starlight's own pages; hooks send a token.",
      );
    }
    const delivery = query.session
      ? await deliverGuidance(
          getDb(),
          project,
          query.session,
          await givenRules(getDb(), project.id, rendered.generation, query.provisional),
          rendered.generation,
        )
      : null;
    const arm = delivery?.arm ?? null;
    // The factorial draw left some rules out of this session's guidance: its text and ETag are its own.
    const leftOut = delivery?.leftOut ?? [];
    const text =
      leftOut.length > 0
        ? (await renderedGuidance(getDb(), project.slug, query.format, budgetOf(query), {
            includeProvisional: query.provisional,
            leaveOut: leftOut,
          }))!.text
        : rendered.text;
    const etag =
      arm === "holdout"
        ? `"${rendered.contentHash}-holdout"`
        : leftOut.length > 0
          ? `"${rendered.contentHash}-${leftOutTag(leftOut)}"`
          : `"${rendered.contentHash}"`;
    const headers = new Headers({
      "content-type": query.format === "hook-json" ? "application/json; charset=utf-8" : "text/markdown; charset=utf-8",
      etag,
      "cache-control": "no-cache",
      "x-starlight-generation": String(rendered.generation),
    });
    if (arm) headers.set("x-starlight-arm", arm);
    if (query.download)
      headers.set("content-disposition", `attachment; filename="${downloadName(query.format, params.slug)}"`);
    const inm = request.headers.get("if-none-match");
    if (inm && inm.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}`))
      return new Response(null, { status: 304, headers });
    return new Response(arm === "holdout" ? withheld(query.format) : text, { status: 200, headers });
  },
);
