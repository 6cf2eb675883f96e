import { z } from "zod";
import { listProjectSessions } from "@/lib/server/sessions";
import { route } from "@/lib/http/route";
import { projectFor } from "@/lib/server/auth/project-access";
import { sessionListQuerySchema, sessionPageSchema } from "@/lib/session-list";
import { getDb } from "@/db/client";

const params = z.object({ slug: z.string().min(1).max(200) });

export const GET = route(
  {
    doc: "One keyset page of a project's sessions: `{ items, nextCursor }`.",
    params,
    query: sessionListQuerySchema,
    response: sessionPageSchema,
  },
  async ({ params, query, caller }) => {
    const project = await projectFor(getDb(), caller.access, params.slug, "read");
    return listProjectSessions(getDb(), project.id, query);
  },
);
