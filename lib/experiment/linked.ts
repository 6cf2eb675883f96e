import type { EnrolledSession, SessionOutcome } from "@/lib/experiment/contract";

/** An enrolled session whose transcript has arrived. */
export type LinkedSession = EnrolledSession & { outcome: SessionOutcome };

export function isLinked(session: EnrolledSession): session is LinkedSession {
  return session.outcome !== null;
}
