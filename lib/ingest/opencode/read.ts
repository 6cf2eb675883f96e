import { readOpenCodeSession } from "@/lib/ingest/opencode/export";
import { openCodeSession } from "@/lib/ingest/opencode/session";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";
import type { Session } from "@/lib/session";

/** An OpenCode session document's record (already redacted) → its session (none for a session without messages), and one error per part that could not be read. */
export function readOpenCode(
  records: readonly LocatedValue[],
  invalid: readonly RecordError[],
): { sessions: Session[]; errors: RecordError[] } {
  const [first, ...rest] = records;
  const extra: RecordError[] = rest.map((r) => ({
    line: r.line,
    field: null,
    message: "an OpenCode session is one JSON document ({info, messages}); this is a second one",
  }));
  if (first === undefined) return { sessions: [], errors: [...invalid] };
  const { session, errors } = readOpenCodeSession(first.value, first.line);
  const all = [...invalid, ...errors, ...extra];
  if (session === null || (session.messages.length === 0 && session.children.length === 0))
    return { sessions: [], errors: all };
  return { sessions: [openCodeSession(session, first.value)], errors: all };
}
