import { sql } from "drizzle-orm";
import { isPostgres, type Db } from "@/db/client";
import { memories, projects } from "@/db/schema";
import type { DecayColumns } from "@/lib/memory/decay";

const STORED = {
  confidence: memories.confidence,
  pinned: memories.pinned,
  createdAt: memories.createdAt,
  reinforcedAt: memories.reinforcedAt,
};

/**
 * What a `memories` row's decay reads (lib/memory/decay.ts), its project's latest activity included. SQLite looks
 * up one row of the small `projects` table by its key for each memory. PostgreSQL runs such a correlated look-up as
 * a sub-plan for each row, which cost more than the rest of a window's row (a window of the 10,000 most recently
 * updated of 1,000,000 memories: 35 ms against 20): there every project's latest activity is read once per
 * statement, as a JSON object by project id, and each memory reads its project's from that.
 */
export function memoryDecayColumns(db: Db): DecayColumns {
  if (!isPostgres(db)) {
    return {
      ...STORED,
      projectActiveAt: sql`(select ${projects.lastActivityAt} from ${projects} where ${projects.id} = ${memories.projectId})`,
    };
  }
  const clocks = sql`(select jsonb_object_agg(clock.id, clock.last_activity_at) from ${projects} as clock)`;
  return { ...STORED, projectActiveAt: sql`cast(${clocks} ->> cast(${memories.projectId} as text) as bigint)` };
}
