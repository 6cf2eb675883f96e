import { z } from "zod";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { getSource, removeSource } from "@/lib/server/sync";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const GET = route({ doc: "One source with its last sync's result.", params, auth: "admin" }, async ({ params }) => {
  const source = await getSource(params.id);
  if (!source) throw notFound(`Source ${params.id}`);
  return source;
});

export const DELETE = route({ doc: "Unregisters a source; the sessions it imported stay.", params, auth: "admin" }, async ({ params }) => {
  await removeSource(params.id);
  return new Response(null, { status: 204 });
});
