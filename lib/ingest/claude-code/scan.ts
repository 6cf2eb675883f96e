import { INSTRUCTION_DOC } from "@/lib/knowledge/doc-commands";
import {
  asObject,
  contentBlocks,
  countField,
  messageOf,
  stringField,
  textOf,
  timestampOf,
  type Json,
} from "@/lib/ingest/claude-code/lines";
import { ResentPrompts } from "@/lib/ingest/claude-code/resent-prompts";
import {
  isConversationLine,
  isInterruption,
  isRejection,
  isToolUseInterruption,
  promptText,
  refusalReason,
} from "@/lib/ingest/claude-code/user-lines";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import type { FileScan } from "@/lib/ingest/file-scan";
import type { TranscriptFile } from "@/lib/ingest/types";
import { keepLargest } from "@/lib/ingest/model-tokens";
import { PROMPT_LENGTH, UNNAMED_MODEL, type ModelTokens, type Prompt } from "@/lib/session";

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
  /** An excerpt of its text (`outputExcerpt`), kept for failed calls and shell commands; else null. */
  output: string | null;
}

/**
 * Everything session assembly needs from one transcript file, gathered in a single pass: outcomes by
 * `tool_use_id`; interruptions not counting the marker that follows a refused call (that is the refusal, counted
 * once); time bounds of the conversation lines (`isConversationLine`), of every line when none has a time.
 */
export interface TranscriptScan extends FileScan {
  /** Per API response (`message.id` + `requestId`): its model and the largest value of each field its lines repeat. */
  usage: Map<string, { model: string; tokens: ModelTokens }>;
  version: string | null;
}

/** The model Claude Code names on the assistant lines it writes itself (API errors, ...). */
const SYNTHETIC_MODEL = "<synthetic>";

function addUsage(scan: TranscriptScan, line: Json, message: Json, model: string | null): void {
  const usage = asObject(message.usage);
  if (usage === null) return;
  const key = `${stringField(message, "id") ?? stringField(line, "uuid") ?? scan.usage.size}\u0000${stringField(line, "requestId") ?? ""}`;
  const seen = scan.usage.get(key);
  const next: ModelTokens = {
    input: countField(usage, "input_tokens"),
    output: countField(usage, "output_tokens"),
    cacheRead: countField(usage, "cache_read_input_tokens"),
    cacheCreation: countField(usage, "cache_creation_input_tokens"),
    reasoning: 0,
    cacheCreationHour: countField(asObject(usage.cache_creation) ?? {}, "ephemeral_1h_input_tokens"),
  };
  if (seen === undefined) scan.usage.set(key, { model: model ?? UNNAMED_MODEL, tokens: next });
  else keepLargest(seen.tokens, next);
}

/** What the scan remembers between lines. */
interface ScanState {
  /**
   * Ids of the calls whose results are kept whatever they say: shell calls, and reads of the project's instruction or
   * contributor docs (what they document: lib/knowledge/documented.ts).
   */
  shellCalls: Set<string>;
  /** What the next prompt answers: a refusal or an interruption since the assistant last wrote. */
  after: Prompt["after"];
  /** A refusal's "[Request interrupted by user for tool use]" marker is still to come. */
  refusalMarker: boolean;
  /** Where prompts sit in the conversation's tree, to tell a rewound prompt from a repeated one. */
  branches: ResentPrompts;
}

function readAssistant(
  scan: TranscriptScan,
  state: ScanState,
  line: Json,
  at: number | null,
  delegated: boolean,
): void {
  state.after = null;
  state.refusalMarker = false;
  if (line.isApiErrorMessage === true) scan.apiErrors++;
  const message = messageOf(line);
  if (message === null) return;
  const named = stringField(message, "model");
  const model = named === SYNTHETIC_MODEL ? null : named;
  if (model !== null) scan.models.add(model);
  addUsage(scan, line, message, model);
  for (const block of contentBlocks(message.content)) {
    if (block.type !== "tool_use") continue;
    const tool = stringField(block, "name") ?? "unknown";
    const call = { id: stringField(block, "id"), tool, input: asObject(block.input) ?? {}, at, delegated };
    const readsDoc = tool === "Read" && INSTRUCTION_DOC.test(stringField(call.input, "file_path") ?? "");
    if (call.id !== null && (stringField(call.input, "command") !== null || readsDoc)) state.shellCalls.add(call.id);
    scan.calls.push(call);
  }
}

/** The tags Claude Code wraps a failed call's message in. */
const TOOL_ERROR_TAGS = /<\/?tool_use_error>/g;

/** A result's text: its content, or (for a line holding this one result) the `toolUseResult` stdout and stderr. */
function resultText(block: Json, line: Json, single: boolean): string {
  const text = textOf(block.content);
  if (text !== null && text.trim() !== "") return text;
  const result = single ? asObject(line.toolUseResult) : null;
  return [stringField(result, "stdout"), stringField(result, "stderr")]
    .filter((s) => s !== null && s !== "")
    .join("\n");
}

/** The call a refusal refused, as the user saw it: its shell command, else its tool's name. */
function refusedCall(scan: TranscriptScan, id: string): string | undefined {
  const call = scan.calls.findLast((c) => c.id === id);
  return call === undefined ? undefined : stringField(call.input, "command")?.split("\n")[0]?.trim() || call.tool;
}

/** Adds a prompt, with what it answers; the next prompt answers nothing until the next refusal or interruption. */
function addPrompt(
  scan: TranscriptScan,
  state: ScanState,
  line: Json,
  at: number | null,
  text: string,
  refused?: string,
): void {
  const prompt: Prompt = { text: text.slice(0, PROMPT_LENGTH), at, after: state.after };
  if (refused !== undefined) prompt.refused = refused;
  if (state.branches.isResent(line, text, state.after === "interruption")) prompt.resent = true;
  scan.prompts.push(prompt);
  state.after = null;
}

function readResults(
  scan: TranscriptScan,
  state: ScanState,
  line: Json,
  at: number | null,
  asAgent: boolean,
  blocks: readonly Json[],
): void {
  const results = blocks.filter((b) => b.type === "tool_result" && stringField(b, "tool_use_id") !== null);
  for (const block of results) {
    const id = stringField(block, "tool_use_id") as string;
    const text = resultText(block, line, results.length === 1);
    const rejected = isRejection(text);
    if (rejected) {
      scan.rejections++;
      state.after = "rejection";
      state.refusalMarker = true;
      // The reason typed with a refusal is what the person said to the agent: a prompt, and the strongest correction.
      const reason = asAgent || line.isSidechain === true ? null : refusalReason(text);
      if (reason !== null) addPrompt(scan, state, line, at, reason, refusedCall(scan, id));
    }
    const isError = block.is_error === true || rejected;
    const output = isError || state.shellCalls.has(id) ? outputExcerpt(text.replace(TOOL_ERROR_TAGS, "")) : null;
    scan.outcomes.set(id, { isError, rejected, output });
  }
}

function readUser(scan: TranscriptScan, state: ScanState, line: Json, at: number | null, asAgent: boolean): void {
  const content = messageOf(line)?.content;
  readResults(scan, state, line, at, asAgent, contentBlocks(content));
  const text = textOf(content);
  if (text !== null && isInterruption(text)) {
    if (state.refusalMarker && isToolUseInterruption(text)) state.refusalMarker = false;
    else {
      scan.interruptions++;
      state.after = "interruption";
    }
  }
  const prompt = asAgent ? null : promptText(line);
  if (prompt !== null) addPrompt(scan, state, line, at, prompt);
}

interface Bounds {
  first: number | null;
  last: number | null;
}

function widen(bounds: Bounds, at: number): void {
  if (bounds.first === null || at < bounds.first) bounds.first = at;
  if (bounds.last === null || at > bounds.last) bounds.last = at;
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
  const state: ScanState = { shellCalls: new Set(), after: null, refusalMarker: false, branches: new ResentPrompts() };
  const every: Bounds = { first: null, last: null };
  const conversation: Bounds = { first: null, last: null };
  for (const record of file.records) {
    const line = asObject(record);
    if (line === null) continue;
    const at = timestampOf(line);
    if (at !== null) {
      widen(every, at);
      if (isConversationLine(line)) widen(conversation, at);
    }
    state.branches.place(line);
    scan.version ??= stringField(line, "version");
    if (!scan.gitBranch) scan.gitBranch = stringField(line, "gitBranch") || null;
    if (line.type === "assistant") readAssistant(scan, state, line, at, asAgent || line.isSidechain === true);
    else if (line.type === "user") readUser(scan, state, line, at, asAgent);
    else if (line.type === "system" && line.subtype === "api_error") scan.apiErrors++;
  }
  const bounds = conversation.first === null ? every : conversation;
  scan.firstAt = bounds.first;
  scan.lastAt = bounds.last;
  return scan;
}
