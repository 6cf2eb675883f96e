import "server-only";

/** Agents' sessions as pages read them: a project's list with its filters, one session with its operations. */
export {
  getSession,
  listProjectSessions,
  sessionFacets,
  sessionProjectId,
  type Facet,
  type SessionDetail,
  type SessionListItem,
} from "@/db/queries/sessions";
export type { MemoryRow, OperationRow } from "@/db/schema";
