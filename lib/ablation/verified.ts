/**
 * Which runs of an ablation count (docs/ablation.md#verified-runs). A run's status is what the command line says;
 * the transcript the agent wrote is the evidence that an agent ran the task at all. A run is verified when its
 * report came with that transcript and the transcript matches the run:
 *
 * - the files parsed into one agent session, kept with the run;
 * - the session's working folder, when the transcript records one (Claude Code and Codex do), is named for the
 *   run's task (`starlight ablate` runs each task in a fresh folder of the task's name);
 * - the session started after the ablation was started (the transcript's clock is the agent's machine's, so a
 *   few minutes of difference are allowed);
 * - no other run of the ablation reported the same session (one transcript posted for many runs verifies none).
 *
 * Runs that are not verified are left out of every figure and counted as unverified.
 */
import type { AblationSession } from "@/lib/ablation/session";

/** How far the agent's clock may be behind the server's. */
export const CLOCK_ALLOWANCE_MS = 10 * 60_000;

type Reported = {
  task: string;
  session: Pick<AblationSession, "format" | "externalId" | "startedAt" | "folder"> | null;
};

const sessionKey = (s: NonNullable<Reported["session"]>) => `${s.format}:${s.externalId}`;

/** For each run, in order, whether it is verified; `startedAt` is when the ablation was started (server time). */
export function verifiedRuns(runs: readonly Reported[], startedAt: number): boolean[] {
  const uses = new Map<string, number>();
  for (const { session } of runs) if (session) uses.set(sessionKey(session), (uses.get(sessionKey(session)) ?? 0) + 1);
  return runs.map(({ task, session }) => {
    if (!session) return false;
    const folder = session.folder ?? null;
    return (
      (folder === null || folder === task) &&
      session.startedAt >= startedAt - CLOCK_ALLOWANCE_MS &&
      uses.get(sessionKey(session)) === 1
    );
  });
}
