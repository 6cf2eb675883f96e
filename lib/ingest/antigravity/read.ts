import { antigravityTrajectory } from "@/lib/ingest/antigravity/session";
import { antigravityConversation, isKeptConversation, readSteps } from "@/lib/ingest/antigravity/steps";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";
import type { Trajectory } from "@/lib/trajectory";

const NO_CONVERSATION: RecordError = {
  line: null,
  field: "name",
  message: "an Antigravity CLI transcript names its conversation only by its folder: send it as brain/<conversationId>/.system_generated/logs/transcript_full.jsonl",
};

/**
 * An Antigravity CLI transcript's records (already redacted) → its trajectory (none for one without a prompt or a
 * model turn), and one error per line that could not be read. `name` is the file's path, which names the conversation.
 */
export function readAntigravity(records: readonly LocatedValue[], invalid: readonly RecordError[], name: string | undefined): { trajectories: Trajectory[]; errors: RecordError[] } {
  const [first] = records;
  const kept = records.length === 1 && typeof first!.value === "object" && first!.value !== null && isKeptConversation(first!.value as Record<string, unknown>) ? (first!.value as { antigravityConversation: string; steps: unknown[] }) : null;
  if (kept !== null) records = kept.steps.map((value) => ({ line: first!.line, value }));
  const { steps, errors } = readSteps(records);
  const all = [...invalid, ...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (!steps.some((s) => s.type === "USER_INPUT" || s.type === "PLANNER_RESPONSE")) return { trajectories: [], errors: all };
  const conversation = kept?.antigravityConversation ?? antigravityConversation(name);
  if (conversation === null) return { trajectories: [], errors: [...all, NO_CONVERSATION] };
  return { trajectories: [antigravityTrajectory(conversation, steps, { antigravityConversation: conversation, steps: records.map((r) => r.value) })], errors: all };
}
