import type { AblationArm, AblationRun, RunStatus } from "@/lib/ablation/contract";

/** One verified ablation run: 1 s, 10 operations, 1 tool error, 1,000 tokens, $0.01, unless `extra` says otherwise. */
export const ablationRun = (
  task: string,
  arm: AblationArm,
  n: number,
  status: RunStatus,
  extra: Partial<AblationRun> = {},
): AblationRun => ({
  task,
  arm,
  run: n,
  status,
  verified: true,
  agentTimedOut: false,
  durationMs: 1_000,
  operations: 10,
  toolErrors: 1,
  tokens: 1_000,
  costUsd: 0.01,
  features: null,
  ...extra,
});

/** `rates[task] = [guidance completions, none completions]` out of `runs` each, run numbers paired across the arms. */
export const ablationRunsWith = (rates: Record<string, [number, number]>, runs: number): AblationRun[] =>
  Object.entries(rates).flatMap(([task, [g, n]]) =>
    Array.from({ length: runs }, (_, i) => [
      ablationRun(task, "guidance", i + 1, i < g ? "completed" : "not_completed"),
      ablationRun(task, "none", i + 1, i < n ? "completed" : "not_completed"),
    ]).flat(),
  );
