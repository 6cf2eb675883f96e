import { asObject, stringField } from "@/lib/ingest/claude-code/lines";
import { storedContent } from "@/lib/ingest/claude-code/transcript-file";
import { rolloutIdFromName } from "@/lib/ingest/codex/files";
import { checkLine, envelope, sessionMeta, tokenCount } from "@/lib/ingest/codex/lines";
import type { LocatedValue, RecordError, RolloutFile } from "@/lib/ingest/types";

/** `session_meta.payload.source.subagent.thread_spawn.parent_thread_id`: the thread that spawned this one. */
function parentThread(payload: Record<string, unknown>): string | null {
  const spawn = asObject(asObject(asObject(payload.source)?.subagent)?.thread_spawn);
  return stringField(spawn, "parent_thread_id") || null;
}

/** Why a line cannot be read, or null: its envelope, a `session_meta` without an id, a `token_count` with odd counts. */
function lineError(value: unknown, line: number): RecordError | null {
  const read = checkLine(envelope, value, "");
  if (!read.ok) return { line, field: read.field, message: read.message };
  const { type, payload } = read.value;
  const inner =
    type === "session_meta"
      ? checkLine(sessionMeta, payload, "payload")
      : type === "event_msg" && payload.type === "token_count"
        ? checkLine(tokenCount, payload, "payload")
        : null;
  return inner && !inner.ok ? { line, field: inner.field, message: inner.message } : null;
}

/**
 * The lines of a Codex rollout (already redacted) → the file's part of a session. A line that is not
 * `{timestamp, type, payload}`, a `session_meta` without an id or a `token_count` with counts that are not whole
 * numbers is an error naming its field, and is left out; every other line is kept. The thread id is the first
 * `session_meta`'s (a resumed or forked rollout repeats its origin's further down), else the one in the file name.
 */
export function readRollout(
  lines: readonly LocatedValue[],
  invalid: readonly RecordError[],
  name: string | undefined,
  sent?: string | Uint8Array,
): { rollout: RolloutFile; errors: RecordError[] } {
  const errors = [...invalid];
  const records: unknown[] = [];
  let meta: Record<string, unknown> | null = null;
  let cwd: string | null = null;
  for (const { line, value } of lines) {
    const error = lineError(value, line);
    if (error) {
      errors.push(error);
      continue;
    }
    const o = value as { type: string; payload: Record<string, unknown> };
    if (o.type === "session_meta") meta ??= o.payload;
    if (o.type === "session_meta" || o.type === "turn_context") cwd ??= stringField(o.payload, "cwd");
    records.push(o);
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const rollout: RolloutFile = {
    format: "codex",
    threadId: stringField(meta, "id") ?? rolloutIdFromName(name),
    parentThreadId: meta === null ? null : parentThread(meta),
    cwd,
    lineCount: lines.length + invalid.length,
    records,
    content: storedContent(lines, errors, sent),
  };
  return { rollout, errors };
}
