import { z } from "zod";
import { getDb } from "@/db/client";
import { getSession } from "@/db/queries/sessions";
import { ApiError, notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { OUTCOMES, setOutcome } from "@/lib/server/outcome";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const body = z.object({ outcome: z.enum(OUTCOMES).nullable() });

async function readBody(request: Request) {
  const parsed = body.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(422, "invalid_body", 'Send {"outcome": "succeeded"}, {"outcome": "failed"} or {"outcome": null} to clear it.');
  }
  return parsed.data;
}

/** A person's verdict on a session, replacing its score everywhere; `null` restores the original score. */
export const PUT = route({ params }, async ({ params, request }) => {
  const { outcome } = await readBody(request);
  if (!setOutcome(getDb(), params.id, outcome)) throw notFound(`Session ${params.id}`);
  return getSession(params.id);
});
