import { geminiProjectFolder } from "@/lib/ingest/gemini/files";
import { foldConversation } from "@/lib/ingest/gemini/records";
import { geminiSession } from "@/lib/ingest/gemini/session";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";
import type { Session } from "@/lib/session";

const NO_SESSION_ID: RecordError = {
  line: null,
  field: "sessionId",
  message: "no record of this Gemini CLI session names its session (a first line with sessionId and projectHash)",
};

/**
 * A Gemini CLI session file's records (already redacted) → its session (none for a file without messages), and
 * one error per record that could not be read. `invalid` are the lines that were not JSON; `name` the file's path.
 */
export function readGeminiSession(
  records: readonly LocatedValue[],
  invalid: readonly RecordError[],
  name: string | undefined,
): { sessions: Session[]; errors: RecordError[] } {
  const { conversation, errors } = foldConversation(records);
  const all = [...invalid, ...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const { sessionId } = conversation;
  if (conversation.messages.length === 0 && conversation.responses.size === 0) return { sessions: [], errors: all };
  if (sessionId === null) return { sessions: [], errors: [...all, NO_SESSION_ID] };
  const raw = records.map((r) => r.value);
  return {
    sessions: [geminiSession({ ...conversation, sessionId }, geminiProjectFolder(name), raw)],
    errors: all,
  };
}
