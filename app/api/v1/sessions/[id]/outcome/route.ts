import { z } from "zod";
import { getDb } from "@/db/client";
import { getSession, sessionProjectId } from "@/lib/server/sessions";
import { can } from "@/lib/auth/access";
import { notFound } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { forbidden } from "@/lib/server/auth/project-access";
import { setOutcome } from "@/lib/server/outcome";
import { outcomeBodySchema, sessionDetailSchema } from "../../schema";

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const PUT = route(
  {
    doc:
      "A person's verdict on a session, replacing its score everywhere; `null` restores the original score. Needs the " +
      "right to curate the session's project (404 when the caller cannot see it).",
    params,
    body: { schema: outcomeBodySchema, example: '{"outcome": "succeeded"}' },
    response: sessionDetailSchema.nullable(),
  },
  async ({ params, body, caller }) => {
    const projectId = await sessionProjectId(getDb(), params.id);
    if (projectId === null || !can(caller.access, "read", projectId)) throw notFound(`Session ${params.id}`);
    if (!can(caller.access, "curate", projectId)) throw forbidden("curate");
    const { outcome } = await body();
    if (!(await setOutcome(getDb(), params.id, outcome))) throw notFound(`Session ${params.id}`);
    return getSession(getDb(), params.id);
  },
);
