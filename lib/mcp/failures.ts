import type { KnowledgeOperation, KnowledgeSession } from "@/lib/knowledge/contract";
import { errorLesson, type ErrorLesson } from "@/lib/learn/session-facts";

/** A recent session's first error that the person did not refuse, with what got past it (lib/learn/session-facts.ts). */
export interface SessionFailure {
  sessionId: number;
  startedAt: number;
  lesson: ErrorLesson<KnowledgeOperation>;
}

/** The latest sessions that hit an error, newest first, at most `limit`. */
export function sessionFailures(sessions: readonly KnowledgeSession[], limit: number): SessionFailure[] {
  return [...sessions]
    .sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)
    .flatMap((s) => {
      const lesson = errorLesson(s.operations);
      return lesson === null ? [] : [{ sessionId: s.id, startedAt: s.startedAt, lesson }];
    })
    .slice(0, limit);
}
