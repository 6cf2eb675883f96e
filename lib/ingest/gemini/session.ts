import path from "node:path";
import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import { contentText, hasFunctionResponse, resultText } from "@/lib/ingest/gemini/content";
import type { Conversation, GeminiMessage, GeminiToolCall } from "@/lib/ingest/gemini/records";
import { canonicalTool, shellCommand, targetFile } from "@/lib/ingest/gemini/tools";
import { toEpochMs } from "@/lib/ingest/schema-fields";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import { GEMINI_DENIAL } from "@/lib/ingest/refusal";
import { shellReads } from "@/lib/shell/reads";
import { withDomainAndSuccess } from "@/lib/ingest/with-domain-and-success";
import { addModelTokens, tokenFields } from "@/lib/ingest/model-tokens";
import {
  PROMPT_LENGTH,
  type Operation,
  type Prompt,
  type ModelTokens,
  type SessionEvents,
  type Session,
  UNNAMED_MODEL,
} from "@/lib/session";

const TASK_LENGTH = 200;

/** What the Gemini CLI writes when the person stops a request (Esc) — an `info` message. */
const CANCELLED_REQUEST = /^\s*Request cancelled\.?\s*$/;
/** A shell call's answer ends with `Exit Code: N` when the command failed (the call's status stays success). */
const EXIT_CODE = /^Exit Code: (-?\d+)\s*$/m;
/** A project folder under `~/.gemini/tmp` named by the sha256 of its path (before the Gemini CLI named them by slug). */
const HASH_FOLDER = /^[0-9a-f]{64}$/i;

/** User text the Gemini CLI itself does not resume as conversation: slash commands, `?` help, injected context. */
function isIgnoredPrompt(text: string): boolean {
  return (
    text === "" ||
    text.startsWith("/") ||
    text.startsWith("?") ||
    text.startsWith("<session_context>") ||
    text.startsWith("<hook_context>")
  );
}

/** The person's prompt in a `user` message, or null (a tool's answer, a slash command, injected context). */
function promptOf(m: GeminiMessage): string | null {
  if (hasFunctionResponse(m.content)) return null;
  const typed = contentText(m.displayContent ?? m.content).trim();
  return isIgnoredPrompt(typed) ? null : typed;
}

interface Outcome {
  isError: boolean;
  rejected: boolean;
  cancelled: boolean;
  output: string | null;
}

function outcomeOf(call: GeminiToolCall, shell: boolean): Outcome {
  const text = resultText(call.result, call.resultDisplay);
  const cancelled = call.status === "cancelled";
  const rejected = cancelled && GEMINI_DENIAL.test(text);
  const exit = shell ? EXIT_CODE.exec(text) : null;
  const isError = call.status === "error" || cancelled || (exit !== null && exit[1] !== "0");
  return {
    isError,
    rejected,
    cancelled: cancelled && !rejected,
    output: isError || shell ? outputExcerpt(text) : null,
  };
}

/** Tokens of one response: Gemini's `input` counts the cached part and not the tool-use prompt; `thoughts` are output (its reasoning part). */
function usageOf(tokens: NonNullable<GeminiMessage["tokens"]>): Partial<ModelTokens> {
  return {
    input: Math.max(0, tokens.input - tokens.cached) + (tokens.tool ?? 0),
    output: tokens.output + (tokens.thoughts ?? 0),
    reasoning: tokens.thoughts ?? 0,
    cacheRead: tokens.cached,
  };
}

function sessionTokens(responses: Iterable<GeminiMessage>): Record<string, ModelTokens> {
  const byModel: Record<string, ModelTokens> = {};
  for (const m of responses) if (m.tokens) addModelTokens(byModel, m.model ?? UNNAMED_MODEL, usageOf(m.tokens));
  return byModel;
}

/** Where the session says it ran: a sub-agent lists its workspace directories; otherwise the `~/.gemini/tmp` folder, unless it is a hash. */
function geminiProjectHint(c: Conversation, folder: string | null): string | null {
  const directory = c.directories[0];
  const fromDirectory = directory === undefined ? null : projectFromCwd(directory);
  if (fromDirectory !== null) return fromDirectory;
  return folder !== null && !HASH_FOLDER.test(folder) ? folder : null;
}

/** Where a shell call ran: the session's first directory, or the call's `directory` (relative to it). */
function shellFolder(root: string | null, directory: unknown): string | null {
  if (typeof directory !== "string" || directory === "") return root;
  if (path.posix.isAbsolute(directory)) return directory;
  return root === null ? null : path.posix.resolve(root, directory);
}

interface Walk {
  operations: Operation[];
  prompts: Prompt[];
  events: SessionEvents;
  first: number | null;
  last: number | null;
}

/** One pass over the standing messages: tool calls in order, prompts, refusals, interruptions and errors. */
function walk(c: Conversation, delegated: boolean): Walk {
  const w: Walk = {
    operations: [],
    prompts: [],
    events: { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
    first: null,
    last: null,
  };
  let after: Prompt["after"] = null;
  /** A call was cancelled in this turn but no "Request cancelled." says so yet. */
  let unsaidCancel = false;
  const interrupted = () => {
    w.events.interruptions++;
    after = "interruption";
    unsaidCancel = false;
  };
  for (const m of c.messages) {
    const at = toEpochMs(m.timestamp);
    if (at !== null) {
      w.first = w.first === null ? at : Math.min(w.first, at);
      w.last = w.last === null ? at : Math.max(w.last, at);
    }
    if (m.type === "info" && CANCELLED_REQUEST.test(contentText(m.content))) interrupted();
    else if (m.type === "error") w.events.apiErrors++;
    else if (m.type === "user") {
      const prompt = promptOf(m);
      if (prompt === null) continue;
      if (unsaidCancel) interrupted();
      if (!delegated) w.prompts.push({ text: prompt.slice(0, PROMPT_LENGTH), at, after });
      after = null;
    } else if (m.type === "gemini") {
      for (const call of m.toolCalls ?? []) {
        const args = call.args ?? {};
        const shell = shellCommand(call.name, args);
        const outcome = outcomeOf(call, shell !== null);
        if (outcome.rejected) {
          w.events.rejectedToolCalls++;
          after = "rejection";
        }
        if (outcome.cancelled) unsaidCancel = true;
        const base = { isError: outcome.isError, at: toEpochMs(call.timestamp) ?? at, delegated };
        const reads = shell === null ? [] : shellReads(shell, shellFolder(c.directories[0] ?? null, args.directory));
        if (reads.length > 0) {
          for (const file of reads)
            w.operations.push({
              seq: w.operations.length,
              tool: "Read",
              file,
              command: null,
              ...base,
              output: outcome.isError ? outcome.output : null,
            });
          continue;
        }
        w.operations.push({
          seq: w.operations.length,
          tool: canonicalTool(call.name),
          file: targetFile(call.name, args),
          command: shell,
          ...base,
          output: outcome.output,
        });
      }
    }
  }
  if (unsaidCancel) interrupted();
  return w;
}

/**
 * One Gemini CLI session file, folded (`foldConversation`), → the canonical session. A sub-agent's file (`kind:
 * "subagent"`) is a session of its own whose calls are all delegated and whose user messages (its instructions) are
 * not prompts. `records` is what `raw` keeps: the file's records, from which the session is built again.
 */
export function geminiSession(
  c: Conversation & { sessionId: string },
  folder: string | null,
  records: readonly unknown[],
): Session {
  const delegated = c.kind === "subagent";
  const w = walk(c, delegated);
  const startedAt = toEpochMs(c.startTime) ?? w.first ?? 0;
  const endedAt = w.last ?? toEpochMs(c.lastUpdated);
  const firstInstruction = delegated ? c.messages.find((m) => m.type === "user" && promptOf(m) !== null) : undefined;
  const task = (firstInstruction ? promptOf(firstInstruction) : w.prompts[0]?.text) ?? c.summary;
  const responses = [...c.responses.values()];
  const base = {
    format: "gemini" as const,
    externalId: c.sessionId,
    sessionId: c.sessionId,
    projectHint: geminiProjectHint(c, folder),
    agent: "gemini-cli",
    task: task?.slice(0, TASK_LENGTH) ?? null,
    startedAt,
    endedAt,
    durationMs: endedAt === null ? null : Math.max(0, endedAt - startedAt),
    promptCount: w.prompts.length,
    prompts: w.prompts,
    operations: w.operations,
    operationCount: w.operations.length,
    toolBreakdown: toolBreakdown(w.operations),
    ...touchedFiles(w.operations),
    ...tokenFields(sessionTokens(responses)),
    models: [...new Set(responses.flatMap((m) => (m.model ? [m.model] : [])))],
    gitBranch: null,
    events: w.events,
    subagents: [],
    critique: null,
    raw: records,
  };
  return withDomainAndSuccess(base, c.directories[0] ?? null);
}
