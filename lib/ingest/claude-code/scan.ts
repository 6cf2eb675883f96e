import { asObject, contentBlocks, countField, messageOf, stringField, textOf, timestampOf, type Json } from "@/lib/ingest/claude-code/lines";
import { isInterruption, isRejection, promptText } from "@/lib/ingest/claude-code/user-lines";
import type { TranscriptFile } from "@/lib/ingest/types";
import type { TokenUsage } from "@/lib/trajectory";

/** A `tool_use` block, with the time of its line. */
export interface ToolCall {
  id: string | null;
  tool: string;
  input: Json;
  at: number | null;
  delegated: boolean;
}

/** What the paired `tool_result` said. */
export interface ToolOutcome {
  isError: boolean;
  rejected: boolean;
}

/** Everything session assembly needs from one transcript file, gathered in a single pass. */
export interface TranscriptScan {
  calls: ToolCall[];
  /** By `tool_use_id`. */
  outcomes: Map<string, ToolOutcome>;
  /** Per API response (`message.id` + `requestId`): the largest value of each field its lines repeat. */
  usage: Map<string, TokenUsage>;
  models: Set<string>;
  prompts: string[];
  interruptions: number;
  rejections: number;
  apiErrors: number;
  firstAt: number | null;
  lastAt: number | null;
  gitBranch: string | null;
  version: string | null;
}

/** The model Claude Code names on the assistant lines it writes itself (API errors, ...). */
const SYNTHETIC_MODEL = "<synthetic>";

function addUsage(scan: TranscriptScan, line: Json, message: Json): void {
  const usage = asObject(message.usage);
  if (usage === null) return;
  const key = `${stringField(message, "id") ?? stringField(line, "uuid") ?? scan.usage.size}\u0000${stringField(line, "requestId") ?? ""}`;
  const seen = scan.usage.get(key);
  const next: TokenUsage = {
    input: countField(usage, "input_tokens"),
    output: countField(usage, "output_tokens"),
    cacheRead: countField(usage, "cache_read_input_tokens"),
    cacheCreation: countField(usage, "cache_creation_input_tokens"),
  };
  if (seen === undefined) scan.usage.set(key, next);
  else for (const field of ["input", "output", "cacheRead", "cacheCreation"] as const) seen[field] = Math.max(seen[field], next[field]);
}

function readAssistant(scan: TranscriptScan, line: Json, at: number | null, delegated: boolean): void {
  if (line.isApiErrorMessage === true) scan.apiErrors++;
  const message = messageOf(line);
  if (message === null) return;
  const model = stringField(message, "model");
  if (model !== null && model !== SYNTHETIC_MODEL) scan.models.add(model);
  addUsage(scan, line, message);
  for (const block of contentBlocks(message.content)) {
    if (block.type !== "tool_use") continue;
    const tool = stringField(block, "name") ?? "unknown";
    scan.calls.push({ id: stringField(block, "id"), tool, input: asObject(block.input) ?? {}, at, delegated });
  }
}

function readUser(scan: TranscriptScan, line: Json, asAgent: boolean): void {
  const content = messageOf(line)?.content;
  for (const block of contentBlocks(content)) {
    const id = stringField(block, "tool_use_id");
    if (block.type !== "tool_result" || id === null) continue;
    const rejected = isRejection(textOf(block.content) ?? "");
    if (rejected) scan.rejections++;
    scan.outcomes.set(id, { isError: block.is_error === true || rejected, rejected });
  }
  const text = textOf(content);
  if (text !== null && isInterruption(text)) scan.interruptions++;
  const prompt = asAgent ? null : promptText(line);
  if (prompt !== null) scan.prompts.push(prompt);
}

/**
 * One pass over a transcript's lines. `asAgent`: the file is a sub-agent's, so its calls are delegated
 * and its user lines (the parent's instructions) are not prompts. In a main file, lines marked
 * `isSidechain` are a sub-agent's too and are treated the same way.
 */
export function scanTranscript(file: TranscriptFile, asAgent: boolean): TranscriptScan {
  const scan: TranscriptScan = {
    calls: [],
    outcomes: new Map(),
    usage: new Map(),
    models: new Set(),
    prompts: [],
    interruptions: 0,
    rejections: 0,
    apiErrors: 0,
    firstAt: null,
    lastAt: null,
    gitBranch: null,
    version: null,
  };
  for (const record of file.records) {
    const line = asObject(record);
    if (line === null) continue;
    const at = timestampOf(line);
    if (at !== null) {
      if (scan.firstAt === null || at < scan.firstAt) scan.firstAt = at;
      if (scan.lastAt === null || at > scan.lastAt) scan.lastAt = at;
    }
    scan.version ??= stringField(line, "version");
    if (!scan.gitBranch) scan.gitBranch = stringField(line, "gitBranch") || null;
    if (line.type === "assistant") readAssistant(scan, line, at, asAgent || line.isSidechain === true);
    else if (line.type === "user") readUser(scan, line, asAgent);
    else if (line.type === "system" && line.subtype === "api_error") scan.apiErrors++;
  }
  return scan;
}
