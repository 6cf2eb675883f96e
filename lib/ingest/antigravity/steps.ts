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
const NOT_RESULTS: ReadonlySet<string> = new Set(["USER_INPUT", "PLANNER_RESPONSE", "CONVERSATION_HISTORY", "SYSTEM_MESSAGE", "CHECKPOINT"]);

export const isToolResult = (step: AntigravityStep) => !NOT_RESULTS.has(step.type);

/**
 * What Starlight keeps as a conversation's `raw`: its id with its steps (the transcript's lines), so that the
 * trajectory is built again from it alone, without the file's name.
 */
export function isKeptConversation(o: Record<string, unknown>): boolean {
  return typeof o.antigravityConversation === "string" && Array.isArray(o.steps);
}

/** Whether one JSON line is an Antigravity CLI step (its `step_index`, `source` and `type`). */
export function looksLikeAntigravityStep(o: Record<string, unknown>): boolean {
  return typeof o.step_index === "number" && typeof o.source === "string" && typeof o.type === "string" && "created_at" in o;
}

/** The steps in `step_index` order (results may be written ahead of the call), and one error per line that could not be read. */
export function readSteps(records: readonly LocatedValue[]): { steps: AntigravityStep[]; errors: RecordError[] } {
  const steps: AntigravityStep[] = [];
  const errors: RecordError[] = [];
  for (const { line, value } of records) {
    const parsed = stepSchema.safeParse(value);
    if (parsed.success) steps.push(parsed.data);
    else errors.push(recordError(parsed.error, line));
  }
  return { steps: steps.sort((a, b) => a.step_index - b.step_index), errors };
}

/** The conversation a transcript's name gives: `brain/<conversationId>/.system_generated/logs/transcript_full.jsonl`. */
export function antigravityConversation(name: string | undefined): string | null {
  const parts = (name ?? "").split(/[\\/]/).filter((p) => p !== "");
  const logs = parts.length - 2;
  return parts.at(-1) === "transcript_full.jsonl" && parts[logs] === "logs" && parts[logs - 1] === ".system_generated" ? (parts[logs - 2] ?? null) : null;
}
