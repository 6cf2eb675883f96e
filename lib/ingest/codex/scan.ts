import { asObject, stringField, timestampOf, type Json } from "@/lib/ingest/claude-code/lines";
import type { ToolOutcome } from "@/lib/ingest/claude-code/scan";
import type { FileScan } from "@/lib/ingest/file-scan";
import { readCallOutput, type CallOutput } from "@/lib/ingest/codex/outcome";
import { addTokenCount, type TokenTally } from "@/lib/ingest/codex/tokens";
import { canonicalCalls, localShellCall, webSearchTool } from "@/lib/ingest/codex/tools";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import type { RolloutFile } from "@/lib/ingest/types";
import { PROMPT_LENGTH, type ModelTokens, type Prompt } from "@/lib/session";

/** Everything session assembly needs from one rollout, gathered in one pass (outcomes by call id). */
export interface RolloutScan extends FileScan {
  /** Per model; {} when no token count was written. */
  tokens: Record<string, ModelTokens>;
  version: string | null;
  /** `session_meta.payload.agent_role` of a sub-agent thread. */
  agentRole: string | null;
}

/** Blocks Codex adds to the conversation as user messages: context, instructions, notices — not what the person typed. */
const INJECTED =
  /^\s*(?:<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions|<permissions instructions>|<user_shell_command>|<turn_aborted>|<subagent_notification>|<collaboration_mode>|<skill>)/;

function typed(text: string | null): string | null {
  if (text === null || INJECTED.test(text)) return null;
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed.slice(0, PROMPT_LENGTH);
}

/** The person's text of a `response_item` user message: its `input_text` blocks that Codex did not inject. */
function messageText(payload: Json): string | null {
  if (!Array.isArray(payload.content)) return null;
  const texts = payload.content.flatMap((block) => {
    const b = asObject(block);
    const text = b?.type === "input_text" ? typed(stringField(b, "text")) : null;
    return text === null ? [] : [text];
  });
  return texts.length === 0 ? null : texts.join("\n").slice(0, PROMPT_LENGTH);
}

function parseArguments(value: unknown): Json | null {
  if (typeof value !== "string") return asObject(value);
  try {
    return asObject(JSON.parse(value));
  } catch {
    return null;
  }
}

/** A call as written, before its tool is known for sure (an MCP event may name it later). */
interface RawCall {
  id: string;
  name: string;
  args: Json | null;
  input: string | null;
  at: number | null;
  /** Set for calls whose tool the line itself decides (`local_shell_call`, `web_search_call`). */
  fixed: string | null;
  /** The folder of the turn the call was made in. */
  cwd: string | null;
}

/** What the events and the output said of one call. */
interface Heard {
  output?: CallOutput;
  exitCode?: number;
  failed?: boolean;
  mcp?: { server: string; tool: string };
}

interface State {
  raw: RawCall[];
  heard: Map<string, Heard>;
  /** Prompts from `event_msg` `user_message`, and from `response_item` user messages (older rollouts have only these). */
  eventPrompts: Prompt[];
  itemPrompts: Prompt[];
  /** What the next prompt of each kind answers. */
  afterEvent: Prompt["after"];
  afterItem: Prompt["after"];
  tokens: TokenTally;
  /** The model of the turn being read (its `turn_context`). */
  model: string | null;
  /** The folder of the current turn (`session_meta`, then each `turn_context`). */
  cwd: string | null;
}

const heardOf = (state: State, id: string): Heard => {
  const seen = state.heard.get(id);
  if (seen) return seen;
  const fresh: Heard = {};
  state.heard.set(id, fresh);
  return fresh;
};

const callId = (payload: Json) => stringField(payload, "call_id") ?? stringField(payload, "id");

function readResponseItem(state: State, payload: Json, at: number | null): void {
  const id = callId(payload);
  switch (payload.type) {
    case "message": {
      if (payload.role !== "user") return;
      const text = messageText(payload);
      if (text === null) return;
      state.itemPrompts.push({ text, at, after: state.afterItem });
      state.afterItem = null;
      return;
    }
    case "function_call":
    case "custom_tool_call":
      if (id === null) return;
      state.raw.push({
        id,
        name: stringField(payload, "name") ?? "unknown",
        args: parseArguments(payload.arguments),
        input: stringField(payload, "input"),
        at,
        fixed: null,
        cwd: state.cwd,
      });
      return;
    case "local_shell_call": {
      if (id === null) return;
      const { command, workdir } = localShellCall(payload);
      state.raw.push({
        id,
        name: "local_shell",
        args: command === null ? null : { command, ...(workdir === null ? {} : { workdir }) },
        input: null,
        at,
        fixed: null,
        cwd: state.cwd,
      });
      return;
    }
    case "web_search_call":
      state.raw.push({
        id: id ?? `web:${state.raw.length}`,
        name: "web_search",
        args: null,
        input: null,
        at,
        fixed: webSearchTool(payload),
        cwd: state.cwd,
      });
      return;
    case "function_call_output":
    case "custom_tool_call_output":
      if (id !== null) heardOf(state, id).output = readCallOutput(payload.output);
  }
}

function readEvent(scan: RolloutScan, state: State, payload: Json, at: number | null): void {
  const id = callId(payload);
  switch (payload.type) {
    case "user_message": {
      const kind = stringField(payload, "kind");
      const text = kind !== null && kind !== "plain" ? null : typed(stringField(payload, "message"));
      if (text === null) return;
      state.eventPrompts.push({ text, at, after: state.afterEvent });
      state.afterEvent = null;
      return;
    }
    case "token_count": {
      const model = addTokenCount(state.tokens, asObject(payload.info), state.model);
      if (model) scan.models.add(model);
      return;
    }
    case "turn_aborted":
      scan.interruptions++;
      state.afterEvent = state.afterItem = "interruption";
      return;
    case "error":
      scan.apiErrors++;
      return;
    case "exec_command_end":
      if (id !== null && Number.isSafeInteger(payload.exit_code))
        heardOf(state, id).exitCode = payload.exit_code as number;
      return;
    case "patch_apply_end":
      if (id !== null && typeof payload.success === "boolean") heardOf(state, id).failed = !payload.success;
      return;
    case "mcp_tool_call_begin":
    case "mcp_tool_call_end": {
      if (id === null) return;
      const invocation = asObject(payload.invocation);
      const server = stringField(invocation, "server");
      const tool = stringField(invocation, "tool");
      const heard = heardOf(state, id);
      if (server && tool) heard.mcp = { server, tool };
      const result = asObject(payload.result);
      if (result !== null && ("Err" in result || asObject(result.Ok)?.isError === true)) heard.failed = true;
    }
  }
}

/** A call's outcome from everything heard of it: an exit code other than 0, a failure, or a refusal is an error. */
function outcomeOf(heard: Heard | undefined, shell: boolean): ToolOutcome {
  const output = heard?.output;
  const exitCode = heard?.exitCode ?? output?.exitCode ?? null;
  const rejected = output?.rejected ?? false;
  const isError =
    rejected || (exitCode !== null && exitCode !== 0) || heard?.failed === true || output?.failed === true;
  const text = output?.text ?? "";
  return { isError, rejected, output: isError || shell ? outputExcerpt(text) : null };
}

function finishCalls(scan: RolloutScan, state: State, delegated: boolean): void {
  for (const call of state.raw) {
    const heard = state.heard.get(call.id);
    const canonical =
      call.fixed !== null
        ? [{ tool: call.fixed, input: {}, shell: false }]
        : canonicalCalls(call.name, call.args, call.input, heard?.mcp ?? null, call.cwd);
    const outcome = outcomeOf(
      heard,
      canonical.some((c) => c.shell),
    );
    if (outcome.rejected) scan.rejections++;
    scan.outcomes.set(call.id, outcome);
    for (const c of canonical) scan.calls.push({ id: call.id, tool: c.tool, input: c.input, at: call.at, delegated });
  }
}

/** A refusal makes the next prompt a correction; calls are resolved at the end, so their refusals are placed by time. */
function markRejections(prompts: Prompt[], scan: RolloutScan): Prompt[] {
  const refusals = scan.calls
    .filter((c) => c.id !== null && scan.outcomes.get(c.id)?.rejected && c.at !== null)
    .map((c) => c.at as number);
  return prompts.map((p) => {
    if (p.after !== null || p.at === null) return p;
    const before = prompts.filter((q) => q.at !== null && q.at < (p.at as number)).at(-1)?.at ?? -Infinity;
    return refusals.some((at) => at > before && at <= (p.at as number)) ? { ...p, after: "rejection" } : p;
  });
}

/** One pass over a rollout's lines. `delegated`: a sub-agent thread, whose calls are made for its parent and whose user lines are its instructions. */
export function scanRollout(file: RolloutFile, delegated: boolean): RolloutScan {
  const scan: RolloutScan = {
    calls: [],
    outcomes: new Map(),
    tokens: {},
    models: new Set(),
    prompts: [],
    interruptions: 0,
    rejections: 0,
    apiErrors: 0,
    firstAt: null,
    lastAt: null,
    gitBranch: null,
    version: null,
    agentRole: null,
  };
  const state: State = {
    raw: [],
    heard: new Map(),
    eventPrompts: [],
    itemPrompts: [],
    afterEvent: null,
    afterItem: null,
    tokens: { byModel: {}, previousTotal: null },
    model: null,
    cwd: file.cwd,
  };
  let metaSeen = false;
  for (const record of file.records) {
    const line = asObject(record);
    const payload = asObject(line?.payload);
    if (line === null || payload === null) continue;
    const at = timestampOf(line);
    if (at !== null) {
      if (scan.firstAt === null || at < scan.firstAt) scan.firstAt = at;
      if (scan.lastAt === null || at > scan.lastAt) scan.lastAt = at;
    }
    if ((line.type === "session_meta" && !metaSeen) || line.type === "turn_context")
      state.cwd = stringField(payload, "cwd") ?? state.cwd;
    if (line.type === "session_meta" && !metaSeen) {
      metaSeen = true;
      scan.gitBranch = stringField(asObject(payload.git), "branch") || null;
      scan.version = stringField(payload, "cli_version");
      scan.agentRole = stringField(payload, "agent_role");
    } else if (line.type === "turn_context") {
      const model = stringField(payload, "model");
      if (model) scan.models.add(model);
      state.model = model || state.model;
    } else if (line.type === "response_item") readResponseItem(state, payload, at);
    else if (line.type === "event_msg") readEvent(scan, state, payload, at);
  }
  finishCalls(scan, state, delegated);
  scan.tokens = state.tokens.byModel;
  scan.prompts = delegated
    ? []
    : markRejections(state.eventPrompts.length > 0 ? state.eventPrompts : state.itemPrompts, scan);
  return scan;
}
