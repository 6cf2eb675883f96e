import "server-only";

/** Whether the database answers, for the readiness check. */
export { pingDb } from "@/db/queries/health";
