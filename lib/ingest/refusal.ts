import type { Operation } from "@/lib/trajectory";
import { isRejection } from "@/lib/ingest/claude-code/user-lines";

/** The reason a Gemini CLI call the person declined carries (`[Operation Cancelled] Reason: User denied execution.`). */
export const GEMINI_DENIAL = /User denied execution|User did not allow/i;

/**
 * A call the person refused: the agent records it as an error (Claude Code's "The user doesn't want to proceed…",
 * Gemini CLI's "User denied execution"), but the call never ran, so it says nothing of whether it works. Counted
 * as the session's refusals (`SessionEvents.rejectedToolCalls`), not as a failed run.
 */
export function wasRefused(op: Pick<Operation, "isError" | "output">): boolean {
  return op.isError && op.output !== null && (isRejection(op.output) || GEMINI_DENIAL.test(op.output));
}
