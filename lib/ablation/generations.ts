/**
 * Ablation results per guidance generation: every run of the ablations that tested a generation, pooled, so a
 * project sees whether generation 12 completes more tasks than generation 9 did, each against its own control.
 * Only verified runs count.
 */
import { isCounted, type AblationRun } from "@/lib/ablation/contract";
import { newcombeInterval, wilsonInterval, type Interval } from "@/lib/learn/stats";

export interface GenerationResult {
  generation: number;
  ablations: number;
  guidance: { judged: number; completed: number; completion: Interval | null };
  none: { judged: number; completed: number; completion: Interval | null };
  /** Guidance minus control, Newcombe 95%; null unless both arms were judged. */
  difference: Interval | null;
}

function arm(runs: readonly AblationRun[]) {
  const judged = runs.filter(isCounted);
  const completed = judged.filter((r) => r.status === "completed").length;
  return {
    judged: judged.length,
    completed,
    completion: judged.length > 0 ? wilsonInterval(completed, judged.length) : null,
  };
}

/** Newest generation first. */
export function byGeneration(
  ablations: readonly { generation: number; runs: readonly AblationRun[] }[],
): GenerationResult[] {
  const generations = [...new Set(ablations.map((a) => a.generation))].sort((a, b) => b - a);
  return generations.map((generation) => {
    const of = ablations.filter((a) => a.generation === generation);
    const runs = of.flatMap((a) => a.runs);
    const guidance = arm(runs.filter((r) => r.arm === "guidance"));
    const none = arm(runs.filter((r) => r.arm === "none"));
    const difference =
      guidance.judged > 0 && none.judged > 0
        ? newcombeInterval(guidance.completed, guidance.judged, none.completed, none.judged)
        : null;
    return { generation, ablations: of.length, guidance, none, difference };
  });
}
