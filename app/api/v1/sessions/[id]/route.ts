import { z } from "zod";
import { getSession } from "@/lib/server/sessions";
import { can } from "@/lib/auth/access";
import { PRICE_TABLE, pricedCost } from "@/lib/cost/priced";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { pricedSessionSchema } from "../schema";
import { getDb } from "@/db/client";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const GET = route(
  {
    doc:
      "One session with its operations, files, features, memory entry and cost (priced with the table named in " +
      "`cost.prices`; null when the source counts no tokens per model); 404 unless the caller may read its project.",
    params,
    response: pricedSessionSchema,
  },
  async ({ params, caller }) => {
    const detail = await getSession(getDb(), params.id);
    if (!detail || !can(caller.access, "read", detail.session.projectId)) throw notFound(`Session ${params.id}`);
    const counted = Object.keys(detail.session.tokensByModel).length > 0;
    return { ...detail, cost: counted ? { ...pricedCost(detail.session.tokensByModel), prices: PRICE_TABLE } : null };
  },
);
