import type { ToolPattern, Session } from "@/lib/session";

/**
 * What a file turned out to be; detected from its content (and, for Claude Code, its name). "empty" is a file of
 * nothing but whitespace, whatever its name: it holds no records, so nothing of it is stored and nothing rejected.
 */
export const FILE_FORMATS = [
  "acos-trajectories",
  "acos-patterns",
  "claude-code",
  "claude-code-agent-meta",
  "claude-code-workflow",
  "claude-code-hook",
  "codex",
  "gemini",
  "opencode",
  "antigravity",
  "agent-memory",
  "empty",
  "unknown",
] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The formats a file's records can be detected as. */
export type DetectedFormat = Exclude<FileFormat, "empty" | "agent-memory">;

/** Why one record (or, with `line: null`, the whole file) could not be read. */
export interface RecordError {
  /** 1-based line where the record starts; null when the problem is not tied to a line. */
  line: number | null;
  /** Dotted path of the offending field (`successScore`, `toolBreakdown.Edit`); null for the whole record. */
  field: string | null;
  message: string;
}

/**
 * One Claude Code transcript file, as read: a session is assembled later from its main file and its
 * sub-agent files (`assembleSession`), which may arrive in different uploads.
 */
export interface TranscriptFile {
  /**
   * The session the lines belong to (for a sub-agent: its parent session, also when its lines read
   * `<sessionId>#agent-<id>`); null for summary-only or empty files.
   */
  sessionId: string | null;
  /** Set for a sub-agent transcript (from `agentId` on its lines, or the file name `agent-<id>.jsonl`). */
  agentId: string | null;
  /** The workflow run a sub-agent belongs to (`subagents/workflows/<runId>/` in its name); absent otherwise. */
  workflowId?: string;
  /** First `cwd` seen in the file. */
  cwd: string | null;
  /** The `~/.claude/projects` folder the file was read from (e.g. "-Users-chip-dev-ai-music"), if its name has one. */
  folder: string | null;
  /** Non-empty lines, readable or not. */
  lineCount: number;
  /** The redacted JSON records in file order. */
  records: unknown[];
  /**
   * The file as it is stored: its text (or UTF-8 bytes) as sent when every line was read and redaction found
   * nothing to change, else its readable lines, each as sent or, when redacted, as the redacted record's JSON.
   */
  content: string | Uint8Array;
}

/**
 * One Codex CLI rollout (`rollout-*.jsonl`): a session, or a sub-agent thread that names its parent. Stored as a part
 * of its parent's session (the main rollout is part "", a sub-agent thread the part named by its id) and assembled
 * with it (`assembleRollouts`).
 */
export interface RolloutFile {
  format: "codex";
  /** The thread: `session_meta.payload.id`, else the uuid the file name ends with; null when neither says. */
  threadId: string | null;
  /** For a sub-agent thread: the thread that spawned it. */
  parentThreadId: string | null;
  /** First `cwd` of a `session_meta` or `turn_context`. */
  cwd: string | null;
  /** Non-empty lines, readable or not. */
  lineCount: number;
  /** The readable `{timestamp, type, payload}` lines (redacted), in file order. */
  records: unknown[];
  /** As `TranscriptFile.content`. */
  content: string | Uint8Array;
}

/** A sub-agent's `agent-<id>.meta.json` (Claude Code 2.1+). */
export interface AgentMeta {
  agentId: string;
  agentType: string | null;
  description: string | null;
}

/** A workflow run's definition, `<sessionId>/workflows/<runId>.json` (Claude Code workflows). */
export interface WorkflowRun {
  runId: string;
  /** Its `workflowName`, else the run id. */
  name: string;
}

/** A Claude Code hook event kept as a part of its session (lib/ingest/claude-code/hook-event.ts). */
export type HookEvent =
  | { key: string; event: "PermissionDenied"; cwd: string | null; toolUseId: string; toolName: string; reason: string }
  | { key: string; event: "StopFailure"; cwd: string | null; error: string; message: string | null };

export interface ParsedFile {
  format: FileFormat;
  sessions: Session[];
  patterns: ToolPattern[];
  /** Set for a Claude Code transcript (format "claude-code"). */
  transcript: TranscriptFile | null;
  /** Set for a Codex rollout (format "codex"). */
  rollout: RolloutFile | null;
  /** Set for a sub-agent's meta file (format "claude-code-agent-meta"). */
  agentMeta: AgentMeta | null;
  /** Set for a workflow run's definition (format "claude-code-workflow"). */
  workflow: WorkflowRun | null;
  /** Set for a kept hook event (format "claude-code-hook"). */
  hookEvent: HookEvent | null;
  /** Records that could not be read; a whole unreadable file counts 1. */
  rejected: number;
  /** One entry per rejected record, the first ERRORS_LISTED of them (in line order). */
  errors: RecordError[];
  /** Every error, listed or not. */
  errorCount: number;
}

/**
 * A file's errors listed in full, at most: past them an answer gives their count only, so a file of a million bad
 * lines is answered in a few kilobytes (and its answer built in no time), not tens of megabytes.
 */
export const ERRORS_LISTED = 100;

/** One JSON value read from a file, with the line where it starts. */
export interface LocatedValue {
  line: number;
  value: unknown;
  /**
   * The value's own line of text, when it was read from one (JSONL). After redaction (`parseFile`), kept only
   * when it can be stored as it is: redaction changed nothing in the value, and the text holds nothing the value does not.
   */
  text?: string;
}
