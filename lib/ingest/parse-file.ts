import { finish, type Steps } from "@/lib/cooperate";
import { parseAcosTrajectory } from "@/lib/ingest/acos";
import { readTranscriptName, type TranscriptName } from "@/lib/ingest/claude-code/file-name";
import { readRollout } from "@/lib/ingest/codex/rollout-file";
import { readHookEvent } from "@/lib/ingest/claude-code/hook-event";
import { readAgentMeta, readTranscript, readWorkflowRun } from "@/lib/ingest/claude-code/transcript-file";
import { refuseLongIdentifiers } from "@/lib/ingest/identifier-limits";
import {
  decodeLinesSteps,
  decodeText,
  LINES_PER_STEP,
  MAX_VALUES_PER_DOCUMENT,
  StepMeter,
  tooLarge,
} from "@/lib/ingest/decode";
import { describeUnrecognised, detectFormat } from "@/lib/ingest/detect";
import { readAntigravity } from "@/lib/ingest/antigravity/read";
import { readGeminiSession } from "@/lib/ingest/gemini/read";
import { readOpenCode } from "@/lib/ingest/opencode/read";
import { readJsonLinesSteps, readJsonRecords, type JsonRead } from "@/lib/ingest/json-records";
import { moreValuesThan } from "@/lib/ingest/json-scan";
import { parseAcosPattern } from "@/lib/ingest/patterns";
import {
  ERRORS_LISTED,
  type DetectedFormat,
  type FileFormat,
  type LocatedValue,
  type ParsedFile,
  type RecordError,
} from "@/lib/ingest/types";
import { redactDeep, redactJsonLine } from "@/lib/redact";
import type { ToolPattern, Session } from "@/lib/session";

export type {
  AgentMeta,
  FileFormat,
  HookEvent,
  ParsedFile,
  RecordError,
  RolloutFile,
  TranscriptFile,
  WorkflowRun,
} from "@/lib/ingest/types";

type Contents = Partial<
  Pick<ParsedFile, "sessions" | "patterns" | "transcript" | "rollout" | "agentMeta" | "workflow" | "hookEvent">
>;

/** A result holding `contents` (nothing else), with one rejection per error (the first ERRORS_LISTED listed). */
function result(format: FileFormat, contents: Contents, errors: RecordError[]): ParsedFile {
  const listed = errors.length > ERRORS_LISTED ? errors.slice(0, ERRORS_LISTED) : errors;
  return {
    format,
    sessions: [],
    patterns: [],
    transcript: null,
    rollout: null,
    agentMeta: null,
    workflow: null,
    hookEvent: null,
    ...contents,
    rejected: errors.length,
    errors: listed,
    errorCount: errors.length,
  };
}

function wholeFile(format: FileFormat, message: string, line: number | null = null): ParsedFile {
  return result(format, {}, [{ line, field: null, message }]);
}

function* readAcos(
  format: "acos-trajectories" | "acos-patterns",
  records: readonly LocatedValue[],
  invalid: readonly RecordError[],
): Steps<ParsedFile> {
  const sessions: Session[] = [];
  const patterns: ToolPattern[] = [];
  const errors: RecordError[] = [...invalid];
  for (const [i, { line, value }] of records.entries()) {
    if (i % LINES_PER_STEP === LINES_PER_STEP - 1) yield;
    if (format === "acos-trajectories") {
      const result = parseAcosTrajectory(value, line);
      if (result.ok) sessions.push(result.session);
      else errors.push(result.error);
    } else {
      const result = parseAcosPattern(value, line);
      if (result.ok) patterns.push(result.pattern);
      else errors.push(result.error);
    }
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return result(format, { sessions, patterns }, errors);
}

function* readRecords(
  format: DetectedFormat,
  read: Extract<JsonRead, { ok: true }>,
  records: LocatedValue[],
  name: TranscriptName,
  sent: string | Uint8Array,
  fileName: string | undefined,
): Steps<ParsedFile> {
  switch (format) {
    case "codex": {
      const { rollout, errors } = readRollout(
        records,
        read.errors,
        fileName,
        read.layout === "jsonl" ? sent : undefined,
      );
      return result(format, { rollout }, errors);
    }
    case "gemini": {
      const { sessions, errors } = readGeminiSession(records, read.errors, fileName);
      return result(format, { sessions }, errors);
    }
    case "opencode": {
      const { sessions, errors } = readOpenCode(records, read.errors);
      return result(format, { sessions }, errors);
    }
    case "antigravity": {
      const { sessions, errors } = readAntigravity(records, read.errors, fileName);
      return result(format, { sessions }, errors);
    }
    case "claude-code": {
      const { transcript, errors } = readTranscript(
        records,
        read.errors,
        name,
        read.layout === "jsonl" ? sent : undefined,
      );
      return result(format, { transcript }, errors);
    }
    case "claude-code-agent-meta": {
      const [first] = records;
      const meta = readAgentMeta(first?.value, first?.line ?? 1, name);
      return meta.ok ? result(format, { agentMeta: meta.meta }, []) : result(format, {}, [meta.error]);
    }
    case "claude-code-workflow": {
      const [first] = records;
      const run = readWorkflowRun(first?.value, first?.line ?? 1, name);
      return run.ok ? result(format, { workflow: run.run }, []) : result(format, {}, [run.error]);
    }
    case "claude-code-hook": {
      const [first] = records;
      const hook = readHookEvent(first?.value, first?.line ?? 1, name);
      return hook.ok ? result(format, { hookEvent: hook.event }, []) : result(format, {}, [hook.error]);
    }
    case "acos-trajectories":
    case "acos-patterns":
      return yield* readAcos(format, records, read.errors);
    case "unknown": {
      const [first] = records;
      if (first === undefined) return result(format, {}, [...read.errors]);
      return wholeFile(format, describeUnrecognised(first.value, read.layout), first.line);
    }
  }
}

/**
 * The record with every secret redacted. Its line of text is kept (so it can be stored as sent) only when it holds
 * nothing redaction would change and nothing the record does not (a line may repeat a key): lib/redact says which.
 */
function redactRecord({ line, value, text }: LocatedValue): LocatedValue {
  if (text === undefined) return { line, value: redactDeep(value) };
  const redacted = redactJsonLine(value, text);
  return redacted.keepText ? { line, value, text } : { line, value: redacted.value };
}

/**
 * One uploaded file → what it holds, plus one error per record that could not be read. The format is
 * detected from the content: an ACOS trajectory file (one object, an array, or JSONL), an ACOS
 * `patterns.json` (an array or `{top_patterns: [...]}`), a Claude Code transcript, a Codex CLI rollout, a sub-agent's
 * `agent-<id>.meta.json`, a Claude Code workflow run's `workflows/<runId>.json`, a Gemini CLI session (JSONL, or an older version's one JSON object), an OpenCode session (one JSON document, as `opencode export` prints it) or an Antigravity CLI transcript. `name` is the
 * upload's file name, possibly a path under `~/.claude/projects` (or `~/.gemini/tmp`, whose folder names a project):
 * it names a transcript's session, sub-agent and project folder when the lines do not. A file of nothing but
 * whitespace is "empty", whatever its name: no records, none rejected.
 *
 * Every record is passed through `redactDeep` before anything else reads it, so no secret it held
 * reaches what is returned (sessions' `raw`, transcript records, error messages) or stored.
 */
export function parseFile(content: Uint8Array | string, name?: string): ParsedFile {
  return finish(parseFileSteps(content, name));
}

/**
 * `parseFile` in steps of a few hundred lines or records, so that the server can let other requests run while it
 * reads a large file (a file that is one JSON value is parsed in one step).
 */
export function* parseFileSteps(content: Uint8Array | string, name?: string): Steps<ParsedFile> {
  const fileName = readTranscriptName(name);
  // Bytes of plain JSONL (a transcript, a trajectories.jsonl) are read line by line, without one string of it all.
  const split = typeof content === "string" ? null : yield* decodeLinesSteps(content);
  if (split && !split.ok) return wholeFile("unknown", split.message, split.line);
  const lines = split && (yield* readJsonLinesSteps(split.lines));
  if (lines && !lines.ok) return wholeFile("unknown", lines.message, lines.line);
  if (split && lines) return refuseLongIdentifiers(yield* readRedacted(lines, fileName, split.bytes, name));

  const decoded = decodeText(content);
  if (!decoded.ok) return decoded.empty ? result("empty", {}, []) : wholeFile("unknown", decoded.message);
  if (yield* moreValuesThan(decoded.text, MAX_VALUES_PER_DOCUMENT))
    return wholeFile("unknown", tooLarge("values", null).message);
  const read = readJsonRecords(decoded.text, { jsonl: name?.toLowerCase().endsWith(".jsonl") });
  if (!read.ok) return wholeFile("unknown", read.message, read.line);
  return refuseLongIdentifiers(yield* readRedacted(read, fileName, decoded.text, name));
}

/**
 * A file whose name says what it is, whatever its keys: a sub-agent's `agent-<id>.meta.json` (a workflow's names its
 * label and phase, not always an `agentType`), a workflow run's definition or a kept hook event — when it is one JSON object.
 */
function namedFormat(records: readonly LocatedValue[], name: TranscriptName): DetectedFormat | null {
  const one =
    records.length === 1 &&
    typeof records[0]!.value === "object" &&
    records[0]!.value !== null &&
    !Array.isArray(records[0]!.value);
  if (!one) return null;
  if (name.kind === "agent-meta") return "claude-code-agent-meta";
  if (name.kind === "workflow") return "claude-code-workflow";
  return name.kind === "hook" ? "claude-code-hook" : null;
}

/** What the records hold, once redacted; `sent` is the file's text (or its bytes) as it came. */
function* readRedacted(
  read: Extract<JsonRead, { ok: true }>,
  name: TranscriptName,
  sent: string | Uint8Array,
  fileName: string | undefined,
): Steps<ParsedFile> {
  const records: LocatedValue[] = [];
  const meter = new StepMeter();
  for (const record of read.records) {
    records.push(redactRecord(record));
    if (meter.done(record.text?.length ?? 0)) yield;
  }
  return yield* readRecords(
    namedFormat(records, name) ?? detectFormat(records, read.wrapper),
    read,
    records,
    name,
    sent,
    fileName,
  );
}
