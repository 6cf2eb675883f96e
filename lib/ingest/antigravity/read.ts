import { antigravitySession } from "@/lib/ingest/antigravity/session";
import { antigravityConversation, isKeptConversation, readSteps } from "@/lib/ingest/antigravity/steps";
import { withSubagents } from "@/lib/ingest/gemini/subagents";
import type { LocatedValue, RecordError } from "@/lib/ingest/types";
import type { Session } from "@/lib/session";

const NO_CONVERSATION: RecordError = {
  line: null,
  field: "name",
  message:
    "an Antigravity CLI transcript names its conversation only by its folder: send it as brain/<conversationId>/.system_generated/logs/transcript_full.jsonl",
};

interface Kept {
  antigravityConversation: string;
  steps: unknown[];
  children?: unknown;
}

const isKept = (value: unknown): value is Kept =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  isKeptConversation(value as Record<string, unknown>);

/** A kept conversation (`isKeptConversation`) and its sub-agents' at any depth → its session, with theirs folded in. */
function keptConversation(
  kept: Kept,
  line: number,
  at: string,
  delegated: boolean,
): { session: Session | null; errors: RecordError[] } {
  const { steps, errors } = readSteps(
    kept.steps.map((value) => ({ line, value })),
    (i) => `${at}steps.${i}`,
  );
  const children = (Array.isArray(kept.children) ? kept.children : []).flatMap((child, i) => {
    if (isKept(child)) return [keptConversation(child, line, `${at}children.${i}.`, true)];
    errors.push({
      line,
      field: `${at}children.${i}`,
      message: "expected a conversation: {antigravityConversation, steps}",
    });
    return [];
  });
  errors.push(...children.flatMap((c) => c.errors));
  if (!steps.some((s) => s.type === "USER_INPUT" || s.type === "PLANNER_RESPONSE")) return { session: null, errors };
  const raw = delegated ? null : kept;
  const own = antigravitySession(kept.antigravityConversation, steps, raw, delegated);
  return {
    session: withSubagents(
      own,
      children.flatMap((c) => (c.session ? [c.session] : [])),
    ),
    errors,
  };
}

/**
 * An Antigravity CLI transcript's records (already redacted) → its session (none for one without a prompt or a
 * model turn), and one error per line that could not be read. `name` is the file's path, which names the
 * conversation; a kept conversation (one JSON document, `isKeptConversation`) names its own, and its sub-agents'.
 */
export function readAntigravity(
  records: readonly LocatedValue[],
  invalid: readonly RecordError[],
  name: string | undefined,
): { sessions: Session[]; errors: RecordError[] } {
  const [first] = records;
  if (records.length === 1 && isKept(first!.value)) {
    const { session, errors } = keptConversation(first!.value, first!.line, "", false);
    return { sessions: session ? [session] : [], errors: [...invalid, ...errors] };
  }
  const { steps, errors } = readSteps(records);
  const all = [...invalid, ...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (!steps.some((s) => s.type === "USER_INPUT" || s.type === "PLANNER_RESPONSE"))
    return { sessions: [], errors: all };
  const conversation = antigravityConversation(name);
  if (conversation === null) return { sessions: [], errors: [...all, NO_CONVERSATION] };
  return {
    sessions: [
      antigravitySession(conversation, steps, {
        antigravityConversation: conversation,
        steps: records.map((r) => r.value),
      }),
    ],
    errors: all,
  };
}
