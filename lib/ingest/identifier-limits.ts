import type { ModelTokens, Session } from "@/lib/session";
import { addModelTokens } from "./model-tokens";
import { ERRORS_LISTED, type ParsedFile, type RecordError } from "./types";

/**
 * How long an identifier (a session, agent, thread, workflow or record id) may be, in UTF-16 units: a real one is a
 * uuid or a short name. PostgreSQL refuses an index row over 2,704 bytes, and ids are indexed, a session's with its
 * part's: 200 units are at most 600 bytes in UTF-8, so two of them fit with room to spare. A longer one is refused,
 * not cut: two ids cut to the same prefix would be one session.
 */
export const MAX_IDENTIFIER = 200;

/**
 * A real tool name fits in 64 characters, the limit the model APIs put on it; a longer one (only hostile input has
 * one) is cut there, as a model name is at 200: both are indexed (stored patterns, the per-day statistics), and a name
 * cut short still says which tool or model it was.
 */
export const MAX_TOOL_NAME = 64;
export const MAX_MODEL_NAME = 200;

/** `text` cut to at most `max` UTF-16 units, never inside a character. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}

/** The message for an identifier over MAX_IDENTIFIER, with its length. */
export const identifierTooLong = (length: number) =>
  `must be at most ${MAX_IDENTIFIER} characters, got ${length.toLocaleString("en-US")}`;

/** The identifiers a parsed file would store (or file its parts under) that are too long, each an error naming its field. */
export function identifierErrors(parsed: ParsedFile): RecordError[] {
  const ids: [string, string | null | undefined][] = [
    ["sessionId", parsed.transcript?.sessionId],
    ["agentId", parsed.transcript?.agentId ?? parsed.agentMeta?.agentId],
    ["workflowId", parsed.transcript?.workflowId ?? parsed.workflow?.runId],
    ["session_meta.payload.id", parsed.rollout?.threadId],
    ["parent thread id", parsed.rollout?.parentThreadId],
    ...parsed.sessions.flatMap((t): [string, string | null][] => [
      ["id", t.externalId],
      ["sessionId", t.sessionId],
    ]),
  ];
  return ids.flatMap(([field, id]) =>
    id != null && id.length > MAX_IDENTIFIER ? [{ line: null, field, message: identifierTooLong(id.length) }] : [],
  );
}

/** `parsed`, or when it holds an identifier too long to store, the file refused whole with an error naming it. */
export function refuseLongIdentifiers(parsed: ParsedFile): ParsedFile {
  const errors = identifierErrors(parsed);
  if (errors.length === 0) return parsed;
  return {
    ...parsed,
    sessions: [],
    patterns: [],
    transcript: null,
    rollout: null,
    agentMeta: null,
    workflow: null,
    hookEvent: null,
    rejected: parsed.rejected + 1,
    errors: [...errors, ...parsed.errors].slice(0, ERRORS_LISTED),
    errorCount: parsed.errorCount + errors.length,
  };
}

/** A session with its tool and model names cut to MAX_TOOL_NAME and MAX_MODEL_NAME, counts of names cut alike summed. */
export function shortNames(t: Session): Session {
  const toolBreakdown: Record<string, number> = {};
  for (const [tool, calls] of Object.entries(t.toolBreakdown)) {
    const name = cut(tool, MAX_TOOL_NAME);
    toolBreakdown[name] = (toolBreakdown[name] ?? 0) + calls;
  }
  const tokensByModel: Record<string, ModelTokens> = {};
  for (const [model, tokens] of Object.entries(t.tokensByModel))
    addModelTokens(tokensByModel, cut(model, MAX_MODEL_NAME), tokens);
  return {
    ...t,
    toolBreakdown,
    tokensByModel,
    models: [...new Set(t.models.map((model) => cut(model, MAX_MODEL_NAME)))],
  };
}
