import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import { withSubagents } from "@/lib/ingest/gemini/subagents";
import { addModelTokens, tokenFields } from "@/lib/ingest/model-tokens";
import type { OpenCodeMessage, OpenCodePart, OpenCodeSession } from "@/lib/ingest/opencode/export";
import { canonicalTool, shellCommand, targetFile } from "@/lib/ingest/opencode/tools";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import { OPENCODE_DENIAL } from "@/lib/ingest/refusal";
import { withDomainAndSuccess } from "@/lib/ingest/with-domain-and-success";
import { toEpochMs } from "@/lib/ingest/schema-fields";
import { shellReads } from "@/lib/shell/reads";
import {
  PROMPT_LENGTH,
  type ModelTokens,
  type Operation,
  type Prompt,
  type SessionEvents,
  type Session,
  UNNAMED_MODEL,
} from "@/lib/session";

const TASK_LENGTH = 200;
/** The error an assistant message carries when the person stopped it (Esc): an interruption, not an API error. */
const ABORTED = "MessageAbortedError";

interface Walk {
  operations: Operation[];
  prompts: Prompt[];
  events: SessionEvents;
  byModel: Record<string, ModelTokens>;
  models: Set<string>;
  first: number | null;
  last: number | null;
}

function promptOf(parts: readonly OpenCodePart[]): string | null {
  const typed = parts
    .filter((p) => p.type === "text" && !p.synthetic && !p.ignored && typeof p.text === "string")
    .map((p) => (p.text as string).trim())
    .filter((t) => t !== "")
    .join("\n");
  return typed === "" ? null : typed;
}

const outputText = (value: unknown): string => (typeof value === "string" ? value : "");

/** The exit code a finished `bash` call reports (`state.metadata.exit`), if any. */
function exitCode(part: OpenCodePart): number | null {
  const metadata = (part.state as { metadata?: unknown } | undefined)?.metadata;
  const exit =
    typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>).exit : undefined;
  return typeof exit === "number" ? exit : null;
}

function toolCall(
  w: Walk,
  part: OpenCodePart,
  at: number | null,
  root: string | null,
  delegated: boolean,
): "rejection" | null {
  const name = part.tool ?? "";
  const state = part.state;
  const input = state?.input ?? {};
  const shell = shellCommand(name, input);
  const failed = state?.status === "error";
  const text = failed ? outputText(state?.error) : outputText(state?.output);
  const exit = shell === null ? null : exitCode(part);
  const isError = failed || (exit !== null && exit !== 0);
  const output = isError || shell !== null ? outputExcerpt(text) : null;
  const base = { isError, at: toEpochMs(state?.time?.start) ?? at, delegated };
  const reads = shell === null ? [] : shellReads(shell, root);
  if (reads.length > 0)
    for (const file of reads)
      w.operations.push({
        seq: w.operations.length,
        tool: "Read",
        file,
        command: null,
        ...base,
        output: isError ? output : null,
      });
  else
    w.operations.push({
      seq: w.operations.length,
      tool: canonicalTool(name),
      file: targetFile(name, input),
      command: shell,
      ...base,
      output,
    });
  return failed && OPENCODE_DENIAL.test(text) ? "rejection" : null;
}

/**
 * Tokens of one assistant message (summed over its steps by OpenCode's `getUsage`): its `input` already leaves the
 * cache out and its `output` the reasoning, so reasoning is added back as output (billed at the output rate).
 */
function usageOf(tokens: NonNullable<OpenCodeMessage["info"]["tokens"]>): Partial<ModelTokens> {
  const reasoning = tokens.reasoning ?? 0;
  return {
    input: tokens.input,
    output: tokens.output + reasoning,
    reasoning,
    cacheRead: tokens.cache?.read ?? 0,
    cacheCreation: tokens.cache?.write ?? 0,
  };
}

/** One pass over the messages: prompts, tool calls in order, tokens by model, interruptions, refusals and API errors. */
function walk(messages: readonly OpenCodeMessage[], root: string | null, delegated: boolean): Walk {
  const w: Walk = {
    operations: [],
    prompts: [],
    events: { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
    byModel: {},
    models: new Set(),
    first: null,
    last: null,
  };
  let after: Prompt["after"] = null;
  for (const { info, parts } of messages) {
    const at = toEpochMs(info.time?.created);
    for (const t of [at, toEpochMs(info.time?.completed)]) {
      if (t === null) continue;
      w.first = w.first === null ? t : Math.min(w.first, t);
      w.last = w.last === null ? t : Math.max(w.last, t);
    }
    if (info.role === "user") {
      const prompt = promptOf(parts);
      if (prompt === null) continue;
      if (!delegated) w.prompts.push({ text: prompt.slice(0, PROMPT_LENGTH), at, after });
      after = null;
      continue;
    }
    if (info.role !== "assistant") continue;
    const model = info.modelID ?? info.model?.modelID ?? null;
    if (model) w.models.add(model);
    if (info.tokens) addModelTokens(w.byModel, model ?? UNNAMED_MODEL, usageOf(info.tokens));
    for (const part of parts) {
      if (part.type !== "tool") continue;
      if (toolCall(w, part, at, root, delegated) === "rejection") {
        w.events.rejectedToolCalls++;
        after = "rejection";
      }
    }
    if (info.error?.name === ABORTED) {
      w.events.interruptions++;
      after = "interruption";
    } else if (info.error) w.events.apiErrors++;
  }
  return w;
}

/** Where the session ran: its `directory`, else the first assistant message's `path.cwd`. */
function workingFolder(s: OpenCodeSession): string | null {
  return s.info.directory ?? s.messages.find((m) => m.info.path?.cwd)?.info.path?.cwd ?? null;
}

function sessionOf(s: OpenCodeSession, delegated: boolean, raw: unknown): Session {
  const cwd = workingFolder(s);
  const w = walk(s.messages, cwd, delegated);
  const startedAt = toEpochMs(s.info.time?.created) ?? w.first ?? 0;
  const endedAt = w.last ?? toEpochMs(s.info.time?.updated);
  const firstInstruction = delegated
    ? s.messages.find((m) => m.info.role === "user" && promptOf(m.parts) !== null)
    : undefined;
  const task = (firstInstruction ? promptOf(firstInstruction.parts) : w.prompts[0]?.text) ?? s.info.title ?? null;
  const base = {
    format: "opencode" as const,
    externalId: s.info.id,
    sessionId: s.info.id,
    projectHint: cwd === null ? null : projectFromCwd(cwd),
    agent: "opencode",
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
    ...tokenFields(w.byModel),
    models: [...w.models],
    gitBranch: null,
    events: w.events,
    subagents: [],
    critique: null,
    raw,
  };
  return withDomainAndSuccess(base, cwd);
}

/**
 * An OpenCode session (read by `readOpenCodeSession`) → the canonical session, with the sessions it started (its
 * `task` sub-agents, `children`, at any depth) folded in as Gemini's and Claude Code's sub-agents are. `raw` is the
 * document as sent (redacted), from which the session is built again.
 */
export function openCodeSession(s: OpenCodeSession, raw: unknown): Session {
  const subs = (session: OpenCodeSession): Session[] =>
    session.children.map((c) => withSubagents(sessionOf(c, true, null), subs(c)));
  return withSubagents(sessionOf(s, false, raw), subs(s));
}
