import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";
import { getSource, removeSource } from "@/lib/server/sync";
import { sourceSchema } from "@/lib/sync/schema";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const GET = route(
  { doc: "One source with its last sync's result.", params, auth: "admin", response: sourceSchema },
  async ({ params }) => {
    const source = await getSource(getDb(), params.id);
    if (!source) throw notFound(`Source ${params.id}`);
    return source;
  },
);

export const DELETE = route(
  { doc: "Unregisters a source; the sessions it imported stay.", params, auth: "admin", response: NO_CONTENT },
  async ({ params }) => {
    await removeSource(getDb(), params.id);
    return new Response(null, { status: 204 });
  },
);
