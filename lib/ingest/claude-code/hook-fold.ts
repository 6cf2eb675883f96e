import type { TranscriptScan } from "@/lib/ingest/claude-code/scan";
import { autoDenial } from "@/lib/ingest/refusal";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import type { HookEvent } from "@/lib/ingest/types";

/**
 * Folds a session's hook events into the scans of its transcripts, so each counts once:
 * - PermissionDenied: the denied call (found by its id in whichever file made it) becomes a refusal answered by
 *   auto mode's reason, counted among the refusals unless its transcript already showed it refused; a call no file
 *   holds (its transcript has not come) is a refusal of the main transcript.
 * - StopFailure: a turn that ended on an API error. The transcript writes most of these as API error lines, so the
 *   session's API errors are at least the number of distinct failures the hooks saw, not their sum.
 */
export function foldHookEvents(
  main: TranscriptScan,
  scans: readonly TranscriptScan[],
  events: readonly HookEvent[],
): void {
  let failures = 0;
  for (const event of events) {
    if (event.event === "StopFailure") {
      failures++;
      continue;
    }
    const scan = scans.find((s) => s.outcomes.has(event.toolUseId) || s.calls.some((c) => c.id === event.toolUseId));
    const seen = scan?.outcomes.get(event.toolUseId);
    if (seen?.rejected) continue;
    (scan ?? main).rejections++;
    scan?.outcomes.set(event.toolUseId, {
      isError: true,
      rejected: true,
      output: outputExcerpt(autoDenial(event.reason)),
    });
  }
  const written = scans.reduce((n, s) => n + s.apiErrors, 0);
  if (failures > written) main.apiErrors += failures - written;
}
