import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import { isToolResult, type AntigravityStep } from "@/lib/ingest/antigravity/steps";
import { canonicalTool, shellCall, targetFile } from "@/lib/ingest/antigravity/tools";
import { tokenFields } from "@/lib/ingest/model-tokens";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import { withDomainAndSuccess } from "@/lib/ingest/with-domain-and-success";
import { toEpochMs } from "@/lib/ingest/schema-fields";
import { shellReads } from "@/lib/shell/reads";
import { PROMPT_LENGTH, type Operation, type Prompt, type Session } from "@/lib/session";

const TASK_LENGTH = 200;
/** The person's words in a USER_INPUT step; the rest of it (local time, settings changes) is context the CLI adds. */
const USER_REQUEST = /<USER_REQUEST>([\s\S]*?)<\/USER_REQUEST>/;
/** The model the person chose, as the first turn's settings change names it ("… `Model Selection` from None to Gemini 3.5 Flash (High)."). */
const MODEL_SELECTION = /`Model Selection` from .*? to ([^\n.]+(?:\.\d[^\n.]*)?)\./;
/** A run_command's answer when the command failed (its step's status stays DONE). */
const FAILED_COMMAND = /The command failed with exit code: (-?\d+)/;

function promptOf(step: AntigravityStep): string | null {
  const content = step.content ?? "";
  const typed = (USER_REQUEST.exec(content)?.[1] ?? content).trim();
  return typed === "" ? null : typed;
}

/** "Gemini 3.5 Flash (High)" → "gemini-3.5-flash": the model's id as lib/cost names it (the effort in parentheses is not part of it). */
export function modelId(label: string): string {
  return label
    .replace(/\([^)]*\)/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-");
}

interface Call {
  name: string;
  args: Record<string, unknown>;
  at: number | null;
}

/**
 * One Antigravity CLI conversation's steps (in order) → the canonical session. A tool's result is a step of its
 * own with no call id: results are matched to the calls waiting, first in first out. The transcript counts no
 * tokens, so the session has none (and no cost); its model is the one the first turn's settings change names. A
 * sub-agent's conversation (`delegated`) has its calls marked so, and its instructions are its task, not prompts.
 */
export function antigravitySession(
  conversationId: string,
  steps: readonly AntigravityStep[],
  raw: unknown,
  delegated = false,
): Session {
  const operations: Operation[] = [];
  const prompts: Prompt[] = [];
  const waiting: Call[] = [];
  const models = new Set<string>();
  let cwd: string | null = null;
  let task: string | null = null;
  const times = steps.flatMap((s) => {
    const at = toEpochMs(s.created_at);
    return at === null ? [] : [at];
  });
  const record = (call: Call, result: AntigravityStep | null) => {
    const content = result?.content ?? "";
    const shell = shellCall(call.name, call.args);
    const failed = FAILED_COMMAND.exec(content);
    const isError = result?.status === "ERROR" || (failed !== null && failed[1] !== "0");
    const output = isError || shell !== null ? outputExcerpt(content) : null;
    const base = { isError, at: call.at, delegated };
    if (shell !== null) cwd ??= shell.cwd;
    const reads = shell === null ? [] : shellReads(shell.command, shell.cwd);
    if (reads.length > 0)
      for (const file of reads)
        operations.push({
          seq: operations.length,
          tool: "Read",
          file,
          command: null,
          ...base,
          output: isError ? output : null,
        });
    else
      operations.push({
        seq: operations.length,
        tool: canonicalTool(call.name),
        file: targetFile(call.name, call.args),
        command: shell?.command ?? null,
        ...base,
        output,
      });
  };
  for (const step of steps) {
    const at = toEpochMs(step.created_at);
    if (step.type === "USER_INPUT") {
      const model = MODEL_SELECTION.exec(step.content ?? "")?.[1];
      if (model) models.add(modelId(model));
      const prompt = promptOf(step);
      if (prompt !== null && !delegated) prompts.push({ text: prompt.slice(0, PROMPT_LENGTH), at, after: null });
      task ??= prompt;
    } else if (step.type === "PLANNER_RESPONSE") {
      for (const call of step.tool_calls ?? []) waiting.push({ name: call.name, args: call.args ?? {}, at });
    } else if (isToolResult(step)) {
      const call = waiting.shift();
      if (call) record(call, step);
    }
  }
  for (const call of waiting) record(call, null);
  const startedAt = times[0] ?? 0;
  const endedAt = times.at(-1) ?? null;
  const base = {
    format: "antigravity" as const,
    externalId: conversationId,
    sessionId: conversationId,
    projectHint: cwd === null ? null : projectFromCwd(cwd),
    agent: "antigravity-cli",
    task: task?.slice(0, TASK_LENGTH) ?? null,
    startedAt,
    endedAt,
    durationMs: endedAt === null ? null : Math.max(0, endedAt - startedAt),
    promptCount: prompts.length,
    prompts,
    operations,
    operationCount: operations.length,
    toolBreakdown: toolBreakdown(operations),
    ...touchedFiles(operations),
    ...tokenFields({}),
    models: [...models],
    gitBranch: null,
    events: null,
    subagents: [],
    critique: null,
    raw,
  };
  return withDomainAndSuccess(base, cwd);
}
