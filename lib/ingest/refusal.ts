import type { Operation } from "@/lib/session";
import { isRejection } from "@/lib/ingest/claude-code/user-lines";

/** What a call Claude Code's auto mode denied answers, once its PermissionDenied hook event is folded in (`autoDenial`). */
const AUTO_DENIAL = "Permission denied by auto mode";

/** The output of a call auto mode denied, with the reason it gave (from the PermissionDenied hook event). */
export function autoDenial(reason: string): string {
  return reason.trim() === "" ? AUTO_DENIAL : `${AUTO_DENIAL}: ${reason.trim()}`;
}

/** The reason a Gemini CLI call the person declined carries (`[Operation Cancelled] Reason: User denied execution.`). */
export const GEMINI_DENIAL = /User denied execution|User did not allow/i;

/** What an OpenCode call the person declined answers (its permission's RejectedError: "The user rejected permission to use this specific tool call."). */
export const OPENCODE_DENIAL = /user rejected permission/i;

/**
 * A call the person refused: the agent records it as an error (Claude Code's "The user doesn't want to proceed…",
 * Gemini CLI's "User denied execution"), but the call never ran, so it says nothing of whether it works. Counted
 * as the session's refusals (`SessionEvents.rejectedToolCalls`), not as a failed run. A call Claude Code's auto mode
 * denied on the person's behalf (its PermissionDenied hook event) is one too.
 */
export function wasRefused(op: Pick<Operation, "isError" | "output">): boolean {
  return (
    op.isError &&
    op.output !== null &&
    (isRejection(op.output) ||
      GEMINI_DENIAL.test(op.output) ||
      OPENCODE_DENIAL.test(op.output) ||
      op.output.startsWith(AUTO_DENIAL))
  );
}
