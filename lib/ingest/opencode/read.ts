import { readOpenCodeSession } from "@/lib/ingest/opencode/export";
import { openCodeTrajectory } from "@/lib/ingest/opencode/session";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";
import type { Trajectory } from "@/lib/trajectory";

/** An OpenCode session document's record (already redacted) → its trajectory (none for a session without messages), and one error per part that could not be read. */
export function readOpenCode(
  records: readonly LocatedValue[],
  invalid: readonly RecordError[],
): { trajectories: Trajectory[]; errors: RecordError[] } {
  const [first, ...rest] = records;
  const extra: RecordError[] = rest.map((r) => ({
    line: r.line,
    field: null,
    message: "an OpenCode session is one JSON document ({info, messages}); this is a second one",
  }));
  if (first === undefined) return { trajectories: [], errors: [...invalid] };
  const { session, errors } = readOpenCodeSession(first.value, first.line);
  const all = [...invalid, ...errors, ...extra];
  if (session === null || (session.messages.length === 0 && session.children.length === 0))
    return { trajectories: [], errors: all };
  return { trajectories: [openCodeTrajectory(session, first.value)], errors: all };
}
