import { asObject, stringField } from "@/lib/ingest/claude-code/lines";
import { baseSessionId, type TranscriptName } from "@/lib/ingest/claude-code/file-name";
import type { AgentMeta, LocatedValue, RecordError, TranscriptFile, WorkflowRun } from "@/lib/ingest/types";

/**
 * Line types session assembly reads. The others — summaries, bookkeeping (`file-history-snapshot`,
 * `queue-operation`, `progress`, `attachment`, `permission-mode`, `last-prompt`, titles, ...) and types
 * newer than this code — are counted in `lineCount` and lend their `sessionId`/`cwd`, but are not kept.
 */
const CONVERSATION: ReadonlySet<unknown> = new Set(["user", "assistant", "system"]);

/** What is stored of a line-by-line file (a transcript, a Codex rollout): see `TranscriptFile.content`. */
export function storedContent(
  lines: readonly LocatedValue[],
  errors: readonly RecordError[],
  sent: string | Uint8Array | undefined,
): string | Uint8Array {
  if (sent !== undefined && errors.length === 0 && lines.every((l) => l.text !== undefined)) return sent;
  const kept: string[] = [];
  for (const { value, text } of lines) if (asObject(value) !== null) kept.push(text ?? JSON.stringify(value));
  return kept.join("\n");
}

/**
 * The lines of a Claude Code transcript (already redacted) → the file's part of a session. A line that
 * is not a JSON object is an error; no line type is. `invalid` are the lines that were not JSON; `sent` is
 * the file's text (or bytes) when it was read line by line.
 */
export function readTranscript(
  lines: readonly LocatedValue[],
  invalid: readonly RecordError[],
  name: TranscriptName,
  sent?: string | Uint8Array,
): { transcript: TranscriptFile; errors: RecordError[] } {
  const errors = [...invalid];
  const records: unknown[] = [];
  let sessionId: string | null = null;
  let agentId: string | null = null;
  let cwd: string | null = null;
  for (const { line, value } of lines) {
    const o = asObject(value);
    if (o === null) {
      errors.push({ line, field: null, message: "expected a JSON object (one transcript line)" });
      continue;
    }
    sessionId ??= stringField(o, "sessionId");
    agentId ??= stringField(o, "agentId");
    cwd ??= stringField(o, "cwd");
    if (CONVERSATION.has(o.type)) records.push(o);
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const transcript: TranscriptFile = {
    sessionId: sessionId === null ? name.sessionId : baseSessionId(sessionId),
    agentId: agentId ?? name.agentId,
    ...(name.workflowId !== null && name.kind === "agent" ? { workflowId: name.workflowId } : {}),
    cwd,
    folder: name.folder,
    lineCount: lines.length + invalid.length,
    records,
    content: storedContent(lines, errors, sent),
  };
  return { transcript, errors };
}

/**
 * `agent-<id>.meta.json` → the sub-agent it describes; the id is only in the file name. A workflow run's sub-agent
 * may name no `description`, only its `label` in the run: that describes it then.
 */
export function readAgentMeta(
  value: unknown,
  line: number,
  name: TranscriptName,
): { ok: true; meta: AgentMeta } | { ok: false; error: RecordError } {
  if (name.kind !== "agent-meta" || name.agentId === null) {
    return {
      ok: false,
      error: {
        line,
        field: null,
        message: "a sub-agent's meta file is named agent-<id>.meta.json: upload it under that name",
      },
    };
  }
  const o = asObject(value);
  return {
    ok: true,
    meta: {
      agentId: name.agentId,
      agentType: stringField(o, "agentType"),
      description: stringField(o, "description") ?? stringField(o, "label"),
    },
  };
}

/**
 * `<sessionId>/workflows/<runId>.json` → the run's name (`workflowName`, else the run id). Only the name is kept:
 * the run's script and logs are the workflow's code and output, not the session's work (its sub-agents hold that).
 */
export function readWorkflowRun(
  value: unknown,
  line: number,
  name: TranscriptName,
): { ok: true; run: WorkflowRun } | { ok: false; error: RecordError } {
  const o = asObject(value);
  if (name.kind !== "workflow" || name.workflowId === null || o === null) {
    return {
      ok: false,
      error: {
        line,
        field: null,
        message:
          "a workflow run's definition is one JSON object named <sessionId>/workflows/<runId>.json: upload it under that name",
      },
    };
  }
  return { ok: true, run: { runId: name.workflowId, name: stringField(o, "workflowName") ?? name.workflowId } };
}
