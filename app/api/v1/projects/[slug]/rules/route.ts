import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { listRules } from "@/lib/server/guidance";

const params = z.object({ slug: z.string().min(1).max(200) });

/** Every rule with full evidence, lifecycle status and history per generation (README "API"). */
export const GET = route({ params }, ({ params }) => {
  const listing = listRules(params.slug);
  if (!listing) throw notFound(`Project "${params.slug}"`);
  return listing;
});
