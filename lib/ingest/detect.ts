import { isKeptConversation, looksLikeAntigravityStep } from "@/lib/ingest/antigravity/steps";
import { ROLLOUT_TYPES } from "@/lib/ingest/codex/lines";
import { looksLikeOpenCodeSession } from "@/lib/ingest/opencode/export";
import type { DetectedFormat, LocatedValue } from "@/lib/ingest/types";

/** Line types of a Claude Code transcript (docs/formats.md#claude-code-transcripts). */
const CLAUDE_LINE_TYPES = new Set([
  "user",
  "assistant",
  "system",
  "summary",
  "file-history-snapshot",
  "queue-operation",
  "progress",
  "attachment",
  "permission-mode",
  "last-prompt",
  "ai-title",
  "custom-title",
  "pr-link",
]);

/** Fields of an ACOS trajectory; two of them (or a successScore, or a `traj_` id) identify one. */
const ACOS_TRAJECTORY_KEYS = [
  "id",
  "startedAt",
  "completedAt",
  "duration",
  "promptCount",
  "toolCount",
  "operationCount",
  "toolBreakdown",
  "filesModified",
];

/** Message types of a Gemini CLI session (`ConversationRecordExtra` in chatRecordingTypes.ts). */
const GEMINI_MESSAGE_TYPES = new Set(["user", "gemini", "info", "error", "warning"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function looksLikeClaudeLine(o: Record<string, unknown>): boolean {
  if (typeof o.type !== "string") return false;
  if (typeof o.uuid === "string" && "parentUuid" in o) return true;
  if (!CLAUDE_LINE_TYPES.has(o.type)) return false;
  return ["uuid", "sessionId", "leafUuid", "messageId", "summary"].some((k) => typeof o[k] === "string");
}

/**
 * A Gemini CLI session record: its metadata (`sessionId` with `projectHash`, also an older file's one object), a
 * `$set` or `$rewindTo`, or a message (`id` and a Gemini message type, none of a Claude Code line's keys).
 */
function looksLikeGeminiRecord(o: Record<string, unknown>): boolean {
  if (typeof o.sessionId === "string" && typeof o.projectHash === "string") return true;
  if (typeof o.$rewindTo === "string" || isObject(o.$set)) return true;
  return (
    typeof o.id === "string" &&
    typeof o.type === "string" &&
    GEMINI_MESSAGE_TYPES.has(o.type) &&
    "content" in o &&
    !("uuid" in o) &&
    !("sessionId" in o)
  );
}

/** A sub-agent's `agent-<id>.meta.json`: `{agentType, description, worktreePath?}`, nothing of a transcript line. */
function looksLikeAgentMeta(o: Record<string, unknown>): boolean {
  return typeof o.agentType === "string" && !("type" in o) && !("uuid" in o);
}

/** A Codex rollout line: `{timestamp, type, payload}` with one of its line types and an object payload. */
function looksLikeRolloutLine(o: Record<string, unknown>): boolean {
  return ROLLOUT_TYPES.has(o.type) && typeof o.timestamp === "string" && isObject(o.payload);
}

function looksLikePattern(o: Record<string, unknown>): boolean {
  return "sequence" in o && ("avgSuccess" in o || "count" in o);
}

function looksLikeAcosTrajectory(o: Record<string, unknown>): boolean {
  if ("successScore" in o) return true;
  if (typeof o.id === "string" && o.id.startsWith("traj_")) return true;
  return ACOS_TRAJECTORY_KEYS.filter((k) => k in o).length >= 2;
}

/** What one record looks like, or null when it is not recognisable on its own. */
export function detectRecord(value: unknown): Exclude<DetectedFormat, "unknown"> | null {
  if (!isObject(value)) return null;
  if (looksLikeClaudeLine(value)) return "claude-code";
  if (looksLikeOpenCodeSession(value)) return "opencode";
  if (looksLikeAntigravityStep(value) || isKeptConversation(value)) return "antigravity";
  if (looksLikeRolloutLine(value)) return "codex";
  if (looksLikeGeminiRecord(value)) return "gemini";
  if (looksLikeAgentMeta(value)) return "claude-code-agent-meta";
  if (looksLikePattern(value)) return "acos-patterns";
  if (looksLikeAcosTrajectory(value)) return "acos-trajectories";
  return null;
}

/**
 * The file's format: a `{top_patterns: [...]}` wrapper means patterns; otherwise the first record
 * that is recognisable decides (a Claude Code transcript may open with bookkeeping lines).
 */
export function detectFormat(records: readonly LocatedValue[], wrapper: string | null): DetectedFormat {
  if (wrapper === "top_patterns") return "acos-patterns";
  for (const r of records) {
    const format = detectRecord(r.value);
    if (format !== null) return format;
  }
  return "unknown";
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "an empty object";
    const shown = keys.slice(0, 5).join(", ");
    return `an object with keys ${shown}${keys.length > 5 ? ", …" : ""}`;
  }
  return `a ${typeof value}`;
}

/** Why a file of valid JSON was not recognised, naming what was expected and what was found first. */
export function describeUnrecognised(first: unknown, layout: "single" | "array" | "jsonl"): string {
  const expected =
    "expected ACOS trajectories (objects with id, startedAt and successScore), an ACOS patterns.json " +
    "(objects with sequence, count and avgSuccess), a Claude Code transcript, a Codex CLI rollout, a Gemini CLI session, an " +
    "OpenCode session ({info, messages}) or an Antigravity CLI transcript";
  const found = kindOf(first);
  if (layout === "single") return `${expected}; found ${found}`;
  const container = layout === "array" ? "an array" : "JSON lines";
  return `${expected}; found ${container} whose first element is ${found}`;
}
