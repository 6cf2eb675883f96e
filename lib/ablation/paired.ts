/**
 * The ablation paired (docs/ablation.md#paired-outcomes): each task's run r with guidance against its run r
 * without, so a task is its own control. Completion by McNemar's exact test on the pairs that disagree; tokens,
 * cost, steps and duration as the mean over tasks of the task's difference, with a Student's t interval. Only
 * counted runs (judged and verified by their transcript) enter; every measure is read off the run's transcript.
 */
import { isCounted, type AblationRun } from "@/lib/ablation/contract";
import { moments, summarize, tQuantile, Z95 } from "@/lib/learn/stats";

export interface McNemar {
  /** Pairs (task, run) with a counted run in both arms. */
  pairs: number;
  /** Pairs where only the guidance run completed, and where only the control run did. */
  guidanceOnly: number;
  noneOnly: number;
  /** Two-sided exact p-value: 2·P(X ≤ min(b, c)), X ~ Binomial(b + c, ½), at most 1. */
  pValue: number;
}

/** Two-sided exact McNemar p-value from the discordant counts b and c. */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  // P(X ≤ k) for Binomial(n, ½), summed in logs to stay exact enough for hundreds of pairs.
  let logTerm = -n * Math.LN2; // C(n, 0)·2⁻ⁿ
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

const key = (r: AblationRun) => `${r.task}\u0000${r.run}`;

/** The (task, run) pairs with a counted run in both arms. */
export function runPairs(runs: readonly AblationRun[]): { guidance: AblationRun; none: AblationRun }[] {
  const none = new Map(runs.filter((r) => r.arm === "none" && isCounted(r)).map((r) => [key(r), r]));
  return runs.flatMap((g) => {
    const n = g.arm === "guidance" && isCounted(g) ? none.get(key(g)) : undefined;
    return n ? [{ guidance: g, none: n }] : [];
  });
}

export function mcnemar(runs: readonly AblationRun[]): McNemar {
  const pairs = runPairs(runs);
  const done = (r: AblationRun) => r.status === "completed";
  const b = pairs.filter((p) => done(p.guidance) && !done(p.none)).length;
  const c = pairs.filter((p) => !done(p.guidance) && done(p.none)).length;
  return { pairs: pairs.length, guidanceOnly: b, noneOnly: c, pValue: mcnemarExact(b, c) };
}

export const PAIRED_MEASURES = ["tokens", "costUsd", "operations", "durationMs"] as const;
export type PairedMeasure = (typeof PAIRED_MEASURES)[number];

export const MEASURE_LABELS: Record<PairedMeasure, string> = {
  tokens: "Tokens per run",
  costUsd: "Cost per run (USD)",
  operations: "Steps (operations) per run",
  durationMs: "Duration per run (ms)",
};

export interface PairedMeasureDifference {
  measure: PairedMeasure;
  /** Tasks with the measure known in both arms. */
  tasks: number;
  /** Mean over tasks of (guidance mean − control mean); Student's t 95% interval (df = tasks − 1). */
  mean: number;
  low: number;
  high: number;
  /** Mean of the control arm's task means: what the difference is relative to. */
  control: number;
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Per task, each arm's mean of a measure over its counted runs; the tasks where both are known. */
function taskMeans(runs: readonly AblationRun[], measure: PairedMeasure): { guidance: number; none: number }[] {
  const byTask = new Map<string, { guidance: number[]; none: number[] }>();
  for (const r of runs) {
    const value = r[measure];
    if (!isCounted(r) || value === null) continue;
    const t = byTask.get(r.task) ?? { guidance: [], none: [] };
    t[r.arm].push(value);
    byTask.set(r.task, t);
  }
  return [...byTask.values()]
    .filter((t) => t.guidance.length > 0 && t.none.length > 0)
    .map((t) => ({ guidance: meanOf(t.guidance), none: meanOf(t.none) }));
}

/** The paired difference of a measure over tasks; null with fewer than two tasks. */
export function pairedMeasure(runs: readonly AblationRun[], measure: PairedMeasure): PairedMeasureDifference | null {
  const tasks = taskMeans(runs, measure);
  if (tasks.length < 2) return null;
  const s = summarize(moments(tasks.map((t) => t.guidance - t.none)));
  const half = tQuantile(0.975, s.n - 1) * (s.sd / Math.sqrt(s.n));
  return {
    measure,
    tasks: s.n,
    mean: s.mean,
    low: s.mean - half,
    high: s.mean + half,
    control: meanOf(tasks.map((t) => t.none)),
  };
}

/** z for 80% power: qnorm(0.8). */
const Z80 = 0.8416212335729143;

/**
 * Paired tasks (one run per arm each) McNemar's test needs to detect a difference `effect` in completion with 80%
 * power at α = 0.05 (two-sided) when a share `discordant` of pairs disagree (Connor 1987):
 *   n = (z_0.975·√ψ + z_0.80·√(ψ − δ²))² / δ²,  ψ the discordant share, δ the effect.
 * 10 points with 15% disagreeing: 116. Null when the effect cannot arise from that share (δ ≥ ψ).
 */
export function tasksNeeded(effect: number, discordant: number): number | null {
  if (!(effect > 0 && discordant > effect && discordant <= 1)) return null;
  return Math.ceil(
    (Z95 * Math.sqrt(discordant) + Z80 * Math.sqrt(discordant - effect * effect)) ** 2 / (effect * effect),
  );
}

/** The effect the report plans for, and the discordant share assumed until the runs show one. */
export const PLANNED_COMPLETION_EFFECT = 0.1;
export const PLANNING_DISCORDANT = 0.15;
