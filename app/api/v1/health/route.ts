import { z } from "zod";
import { pingDb } from "@/lib/server/health";
import { ApiError } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { getDb } from "@/db/client";

export const GET = route(
  {
    doc: "Readiness: answers `{ ok: true }` once the database is open, migrated and answering.",
    auth: "none",
    response: z.object({ ok: z.literal(true) }),
  },
  async () => {
    if (!(await pingDb(getDb()))) throw new ApiError(503, "unavailable", "The database did not answer.");
    return { ok: true };
  },
);
