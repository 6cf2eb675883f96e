import { z } from "zod";
import { route } from "@/lib/http/route";
import { syncAll } from "@/lib/server/sync";
import { syncReportSchema } from "@/lib/sync/schema";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

const query = z.object({ source: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

export const POST = route(
  {
    doc: "Imports what is new in every registered source (or only `?source=<id>`), reporting per source and per project.",
    query,
    auth: "admin",
    response: syncReportSchema,
  },
  ({ query }) => syncAll(getDb(), query.source === undefined ? undefined : [query.source]),
);
