import { pingDb } from "@/db/queries/health";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

/** Readiness: answers `{ ok: true }` once the database is open, migrated and answering. */
export const GET = route({ auth: "none" }, () => {
  if (!pingDb()) throw new ApiError(503, "unavailable", "The database did not answer.");
  return { ok: true };
});
