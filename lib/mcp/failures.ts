import type { KnowledgeOperation, KnowledgeSession } from "@/lib/knowledge/contract";
import { isSameIntent } from "@/lib/knowledge/failures";
import { errorLesson, type ErrorLesson } from "@/lib/learn/session-facts";

/** A recent session's first error that the person did not refuse, with what got past it (lib/learn/session-facts.ts). */
export interface SessionFailure {
  sessionId: number;
  startedAt: number;
  lesson: ErrorLesson<KnowledgeOperation>;
}

/**
 * The lesson with, for a failed shell call, only a call of the same intent as what got past it (lib/knowledge/failures.ts
 * isSameIntent): code given inline to the same interpreter, or another script, passing is a workaround, not the
 * failure got past. The first later call of the same intent that passed is taken instead, if any.
 */
function sameIntentLesson(
  ops: readonly KnowledgeOperation[],
  lesson: ErrorLesson<KnowledgeOperation>,
): ErrorLesson<KnowledgeOperation> {
  const { failed, resolvedBy } = lesson;
  const command = failed.command;
  if (command === null || resolvedBy?.command == null || isSameIntent(command, resolvedBy.command)) return lesson;
  const later = ops
    .slice(ops.indexOf(failed) + 1)
    .find((op) => !op.isError && op.command !== null && isSameIntent(command, op.command));
  return { ...lesson, resolvedBy: later ?? null, after: null };
}

/** The latest sessions that hit an error, newest first, at most `limit`. */
export function sessionFailures(sessions: readonly KnowledgeSession[], limit: number): SessionFailure[] {
  return [...sessions]
    .sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)
    .flatMap((s) => {
      const lesson = errorLesson(s.operations);
      return lesson === null
        ? []
        : [{ sessionId: s.id, startedAt: s.startedAt, lesson: sameIntentLesson(s.operations, lesson) }];
    })
    .slice(0, limit);
}
