import { sql } from "drizzle-orm";
import { memories, projects } from "@/db/schema";
import type { DecayColumns } from "@/lib/memory/decay";

/**
 * What a `memories` row's decay reads (lib/memory/decay.ts), its project's latest activity included: a look-up of
 * one row of the small `projects` table by its key.
 */
export const MEMORY_DECAY_COLUMNS: DecayColumns = {
  confidence: memories.confidence,
  pinned: memories.pinned,
  createdAt: memories.createdAt,
  reinforcedAt: memories.reinforcedAt,
  projectActiveAt: sql`(select ${projects.lastActivityAt} from ${projects} where ${projects.id} = ${memories.projectId})`,
};
