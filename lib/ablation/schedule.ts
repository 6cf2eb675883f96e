/**
 * The order runs are made in: run by run, the tasks in a shuffled order, and for each task its arms in a random
 * order, all drawn from one seed. Interleaving keeps drift over the afternoon (an API slowing down, a cache warming)
 * from landing on one arm; blocks keep the arms balanced however far the suite got.
 */
import type { AblationArm } from "@/lib/ablation/contract";
import { mulberry32 } from "@/lib/random";

export interface ScheduledRun {
  task: string;
  arm: AblationArm;
  run: number;
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function schedule(
  tasks: readonly string[],
  arms: readonly AblationArm[],
  runs: number,
  seed: number,
): ScheduledRun[] {
  const next = mulberry32(seed);
  const order: ScheduledRun[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const task of shuffled(tasks, next)) {
      for (const arm of shuffled(arms, next)) order.push({ task, arm, run });
    }
  }
  return order;
}
