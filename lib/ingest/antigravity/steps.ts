import { z } from "zod";
import { recordError } from "@/lib/ingest/record-error";
import { text } from "@/lib/ingest/schema-fields";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";

/**
 * The lines of an Antigravity CLI transcript, `~/.gemini/antigravity-cli/brain/<conversationId>/.system_generated/
 * logs/transcript_full.jsonl`: one step a line, `{step_index, source, type, status, created_at, content?,
 * tool_calls?: [{name, args}], thinking?}` (specstoryai/getspecstory ANTIGRAVITY-FORMAT.md §3; agentgrep.org
 * "Antigravity CLI"). The conversation's id is only its folder's name. Only the fields read are checked.
 */
const stepSchema = z.looseObject({
  step_index: z.number().int(),
  source: text(),
  type: text(),
  status: text().nullish(),
  created_at: text().nullish(),
  content: text().nullish(),
  tool_calls: z.array(z.looseObject({ name: text(), args: z.record(z.string(), z.unknown()).nullish() })).nullish(),
});
export type AntigravityStep = z.infer<typeof stepSchema>;

/** Step types that are not a tool's result: the prompt, the model's turn, and the CLI's own context markers. */
const NOT_RESULTS: ReadonlySet<string> = new Set([
  "USER_INPUT",
  "PLANNER_RESPONSE",
  "CONVERSATION_HISTORY",
  "SYSTEM_MESSAGE",
  "CHECKPOINT",
]);

export const isToolResult = (step: AntigravityStep) => !NOT_RESULTS.has(step.type);

/**
 * A conversation as one JSON document: its id with its steps (the transcript's lines) and the conversations its
 * sub-agents ran (`children`, the same shape). It is what Starlight keeps as a conversation's `raw`, so that the
 * session is built again from it alone, without the file's name, and what `starlight import` sends for a
 * conversation that started sub-agents, their transcripts folded in.
 */
export function isKeptConversation(o: Record<string, unknown>): boolean {
  return typeof o.antigravityConversation === "string" && o.antigravityConversation !== "" && Array.isArray(o.steps);
}

/** Whether one JSON line is an Antigravity CLI step (its `step_index`, `source` and `type`). */
export function looksLikeAntigravityStep(o: Record<string, unknown>): boolean {
  return (
    typeof o.step_index === "number" && typeof o.source === "string" && typeof o.type === "string" && "created_at" in o
  );
}

/**
 * The steps in `step_index` order (results may be written ahead of the call), and one error per line that could not
 * be read; `at` names where a record stands when it is not a line of its own (a step kept in a conversation's `raw`).
 */
export function readSteps(
  records: readonly LocatedValue[],
  at?: (i: number) => string,
): { steps: AntigravityStep[]; errors: RecordError[] } {
  const steps: AntigravityStep[] = [];
  const errors: RecordError[] = [];
  records.forEach(({ line, value }, i) => {
    const parsed = stepSchema.safeParse(value);
    if (parsed.success) steps.push(parsed.data);
    else {
      const error = recordError(parsed.error, line);
      errors.push(
        at === undefined ? error : { ...error, field: error.field === null ? at(i) : `${at(i)}.${error.field}` },
      );
    }
  });
  return { steps: steps.sort((a, b) => a.step_index - b.step_index), errors };
}

const SUBAGENT_ID = /"conversationId"\s*:\s*"([\w-]+)"/g;

/** The conversations a transcript's `invoke_subagent` calls started: the `conversationId`s their INVOKE_SUBAGENT results list. */
export function subagentConversations(steps: readonly AntigravityStep[]): string[] {
  return steps
    .filter((s) => s.type === "INVOKE_SUBAGENT")
    .flatMap((s) => [...(s.content ?? "").matchAll(SUBAGENT_ID)].map((m) => m[1]!));
}

/** The conversation a transcript's name gives: `brain/<conversationId>/.system_generated/logs/transcript_full.jsonl`. */
export function antigravityConversation(name: string | undefined): string | null {
  const parts = (name ?? "").split(/[\\/]/).filter((p) => p !== "");
  const logs = parts.length - 2;
  return parts.at(-1) === "transcript_full.jsonl" && parts[logs] === "logs" && parts[logs - 1] === ".system_generated"
    ? (parts[logs - 2] ?? null)
    : null;
}
