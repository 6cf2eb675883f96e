import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { projectScore } from "@/lib/server/score";

const params = z.object({ slug: z.string().min(1).max(200) });

/** The project's intelligence report (DESIGN §1.6) with its daily history; computing it records today's snapshot. */
export const GET = route({ params }, ({ params }) => {
  const result = projectScore(params.slug);
  if (!result) throw notFound(`Project "${params.slug}"`);
  return result;
});
