/**
 * The canonical session: the one contract between parsers (lib/ingest) and everything downstream
 * (features, classifier, storage, guidance). Every source format is normalised into this shape.
 *
 * Conventions: times are epoch milliseconds; `null` means "the source does not say", never "zero".
 */

export const SOURCE_FORMATS = ["acos", "claude-code", "codex", "gemini", "opencode", "antigravity"] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export const MEMORY_CATEGORIES = ["error", "pattern", "decision", "preference", "insight"] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

/** One tool call, in the order the agent made it. */
export interface Operation {
  /** 0-based position in the session (sub-agent calls interleaved by time). */
  seq: number;
  /** Tool name as the agent reported it: Read, Edit, Write, Bash, Grep, Task, ... */
  tool: string;
  /** Target file of the call, when it has one. */
  file: string | null;
  /** Shell command (Bash), when it has one; truncated by the source as needed. */
  command: string | null;
  /** The tool reported an error (non-zero exit, rejected edit, permission denial, ...). */
  isError: boolean;
  /** When the call was made, epoch ms. */
  at: number | null;
  /** Made by a sub-agent on the session's behalf. */
  delegated: boolean;
  /**
   * What the call answered, for failed calls and shell commands: the error text, or a shell command's first and
   * last lines of output (enough to read "5 passed", "collected 0 items", an exit code); redacted, at most
   * OUTPUT_LENGTH characters. Null when the source does not say (ACOS, generated data) or for other calls.
   */
  output: string | null;
}

/** The longest `Operation.output` kept. */
export const OUTPUT_LENGTH = 600;
/** The longest `Prompt.text` kept. */
export const PROMPT_LENGTH = 2_000;

/** A prompt the person typed (IDE context tags removed, redacted, at most PROMPT_LENGTH characters). */
export interface Prompt {
  text: string;
  at: number | null;
  /** The prompt came right after a tool call the person refused, or after they interrupted: a correction. */
  after: "rejection" | "interruption" | null;
  /**
   * For the reason typed when refusing a tool call: the refused call, as its shell command or else its tool's name
   * (Claude Code). Absent for other prompts.
   */
  refused?: string;
  /**
   * The same words were already sent earlier in the session and this is them again after a rewind (a sibling branch
   * of the conversation) or after interrupting them: one remark, not a repetition. Absent otherwise.
   */
  resent?: true;
}

/** Tokens of a session's API responses. `input` excludes the cached part (`cacheRead`); `output` includes reasoning. */
export interface TokenUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
}

/** One model's tokens in a session, with the parts that are priced apart. */
export interface ModelTokens extends TokenUsage {
  /** Of `output`, the reasoning (thinking) tokens, when the source counts them apart (Codex, Gemini); else 0. */
  reasoning: number;
  /** Of `cacheCreation`, the tokens written to the one-hour cache (Claude Code's `ephemeral_1h_input_tokens`); else 0. */
  cacheCreationHour: number;
}

/** The key of `Session.tokensByModel` for responses whose model the source does not name. */
export const UNNAMED_MODEL = "";

/** How the success score was obtained. */
export const SUCCESS_SOURCES = ["reported", "heuristic", "override"] as const;
type SuccessSource = (typeof SUCCESS_SOURCES)[number];

/** One signal that contributed to a heuristic score, shown on the session page. */
export interface SuccessSignal {
  name: string;
  /** Contribution to the score (may be negative). */
  delta: number;
  detail: string;
}

export interface Success {
  /** 0..1 */
  score: number;
  source: SuccessSource;
  /** Present for heuristic scores; empty when the source reported the score itself. */
  signals: SuccessSignal[];
}

/** Conversation events that are not tool calls, counted by parsers that can see them (null for ACOS). */
export interface SessionEvents {
  /** "[Request interrupted by user]" and "[Request interrupted by user for tool use]". */
  interruptions: number;
  /** Tool calls the user refused ("The user doesn't want to proceed with this tool use"). */
  rejectedToolCalls: number;
  /** Assistant messages that are API failures (isApiErrorMessage, "API Error: ..."). */
  apiErrors: number;
}

/** A sub-agent whose tool calls were folded into its parent session (marked `delegated`). */
export interface SubagentSummary {
  agentId: string;
  agentType: string | null;
  description: string | null;
  /** The workflow run it worked in (the run's name, else its id); null for a sub-agent started by the Agent tool. */
  workflow: string | null;
  operationCount: number;
}

export interface Session {
  format: SourceFormat;
  /** Stable id within the source (ACOS `id`, Claude Code `sessionId`); idempotency key per project. */
  externalId: string;
  /** Agent session id, when distinct from externalId. */
  sessionId: string | null;
  /** Project hint found in the file itself (e.g. a transcript's cwd); the request's project wins. */
  projectHint: string | null;
  /** The agent that produced it: "claude-code", ... */
  agent: string;
  task: string | null;
  /** Work domain: code_development, deployment, testing, ... */
  domain: string;
  startedAt: number;
  endedAt: number | null;
  durationMs: number | null;
  promptCount: number | null;
  /** The person's own prompts, in order (main transcript only); [] when the source has none (ACOS). */
  prompts: Prompt[];
  /** Ordered tool calls; null when the source has no order (ACOS keeps only counts). */
  operations: Operation[] | null;
  operationCount: number;
  /** Tool name → number of calls. */
  toolBreakdown: Record<string, number>;
  filesRead: string[];
  filesModified: string[];
  tokens: TokenUsage | null;
  /** The same tokens per model (UNNAMED_MODEL for responses that name none); {} when `tokens` is null. */
  tokensByModel: Record<string, ModelTokens>;
  models: string[];
  gitBranch: string | null;
  events: SessionEvents | null;
  subagents: SubagentSummary[];
  success: Success;
  /** Free-text assessment from the source (ACOS `critique`). */
  critique: string | null;
  /** The source record as received, for the raw view. */
  raw: unknown;
}

/** An ACOS tool-sequence pattern (patterns.json), e.g. "Read > Edit > Bash". */
export interface ToolPattern {
  sequence: string;
  type: string | null;
  count: number;
  avgSuccess: number;
  discoveredAt: number | null;
  lastSeen: number | null;
}

/**
 * Features computed once per session at ingest and stored as columns, so every rule is a cheap SQL
 * aggregate. `null` = unknown for this source (ACOS has no operation order).
 */
export interface SessionFeatures {
  operationCount: number;
  filesModifiedCount: number;
  filesReadCount: number | null;
  /** A build/test/lint command ran after the last edit. */
  verifiedAfterEdit: boolean | null;
  /** That final verification passed. */
  verificationPassed: boolean | null;
  /** Share of edited files that were read before their first edit, 0..1. */
  readBeforeEditRatio: number | null;
  /** Edited files never read before their first edit. */
  blindEdits: number | null;
  delegated: boolean | null;
  toolErrors: number | null;
  interruptions: number | null;
  /** Bash calls. */
  shellOps: number;
  domain: string;
}

/** A memory derived from a session or a pattern, before it is stored. */
export interface MemoryDraft {
  category: MemoryCategory;
  content: string;
  tags: string[];
  /** 0..1 */
  confidence: number;
  /** `project:<slug>:<format>:session:<id>` or `project:<slug>:<format>:pattern:<sequence>` */
  source: string;
}
