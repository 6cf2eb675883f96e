import "server-only";

/** The overview's figures (of a project, or of every project a caller may read). */
export {
  agentStats,
  categoryCounts,
  dailyStats,
  latestStart,
  modelTokens,
  recentFailures,
  topTools,
  weakestDomains,
  type AgentStat,
  type ModelTokenRow,
  type ProjectCategoryCount,
  type RecentFailure,
  type WeakDomain,
} from "@/db/queries/overview";
export type { ProjectScope } from "@/db/queries/scope";
