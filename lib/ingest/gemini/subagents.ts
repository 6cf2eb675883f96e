import { toolBreakdown, touchedFiles } from "@/lib/ingest/claude-code/operations";
import { mergeModelTokens, tokenFields } from "@/lib/ingest/model-tokens";
import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import type { Operation, SessionEvents, Session } from "@/lib/session";

/** A sub-agent's call, where it falls among its parent's: by time, a call without one after those with. */
const byTime = (a: Operation, b: Operation) => (a.at ?? Infinity) - (b.at ?? Infinity);

function sumEvents(all: readonly (SessionEvents | null)[]): SessionEvents | null {
  const known = all.filter((e): e is SessionEvents => e !== null);
  if (known.length === 0) return null;
  return known.reduce((s, e) => ({
    interruptions: s.interruptions + e.interruptions,
    rejectedToolCalls: s.rejectedToolCalls + e.rejectedToolCalls,
    apiErrors: s.apiErrors + e.apiErrors,
  }));
}

/**
 * A Gemini CLI session with the sub-agent sessions it ran (their own chat files, `chats/<sessionId>/<id>.jsonl`)
 * folded in, as Claude Code's and Codex's sub-agents are: their calls interleaved by time and marked `delegated`,
 * their tokens, models, events and time bounds counted for the session, each listed in `subagents` (its task as the
 * description); prompts, task, project and domain stay the parent's, and a reported score stays as it was.
 */
export function withSubagents(parent: Session, subs: readonly Session[]): Session {
  if (subs.length === 0) return parent;
  const delegated = subs.flatMap((s) => (s.operations ?? []).map((op) => ({ ...op, delegated: true })));
  const operations = [...(parent.operations ?? []), ...delegated].sort(byTime).map((op, seq) => ({ ...op, seq }));
  const startedAt = Math.min(parent.startedAt, ...subs.map((s) => s.startedAt));
  const ends = [parent, ...subs].flatMap((t) => (t.endedAt === null ? [] : [t.endedAt]));
  const endedAt = ends.length > 0 ? Math.max(...ends) : null;
  const merged: Session = {
    ...parent,
    startedAt,
    endedAt,
    durationMs: endedAt === null ? null : endedAt - startedAt,
    operations,
    operationCount: operations.length,
    toolBreakdown: toolBreakdown(operations),
    ...touchedFiles(operations),
    ...tokenFields(mergeModelTokens([parent, ...subs].map((t) => t.tokensByModel))),
    models: [...new Set([parent, ...subs].flatMap((t) => t.models))],
    events: sumEvents([parent, ...subs].map((t) => t.events)),
    subagents: [
      ...parent.subagents,
      ...[...subs]
        .sort((a, b) => a.startedAt - b.startedAt)
        .map((s) => ({
          agentId: s.externalId,
          agentType: null,
          description: s.task,
          workflow: null,
          operationCount: s.operationCount,
        })),
    ],
  };
  return parent.success.source === "heuristic"
    ? { ...merged, success: heuristicSuccess(merged, computeFeatures(merged)) }
    : merged;
}
