import { guidanceGroups } from "@/db/queries/guidance-groups";
import { THRESHOLDS } from "@/lib/guidance/aggregates";
import { STRATUM_DIMENSIONS } from "@/lib/guidance/strata";

/**
 * Guidance's groups and strata as the SQL the stats triggers keep and the aggregates queries read
 * (db/queries/guidance-groups.ts), parted at guidance's thresholds. No server-only import: the trigger generator
 * (scripts/generate-stats-triggers.ts) loads it.
 */
export const GROUPS = guidanceGroups(THRESHOLDS, STRATUM_DIMENSIONS);
