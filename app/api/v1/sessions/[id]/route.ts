import { z } from "zod";
import { getSession } from "@/db/queries/sessions";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One session with its operations, files, features and memory entry. */
export const GET = route({ params }, ({ params }) => {
  const detail = getSession(params.id);
  if (!detail) throw notFound(`Session ${params.id}`);
  return detail;
});
