import type { ArmResult } from "@/lib/ablation/analysis";
import type { AblationArm } from "@/lib/ablation/contract";

export const ARM_LABELS: Record<AblationArm, string> = { guidance: "With guidance", none: "Without (control)" };

export const ablationHref = (slug: string, id: number) => `/projects/${encodeURIComponent(slug)}/ablations/${id}`;

/** "7 of 9 (78%)" for an arm's judged runs. */
export function completionText(arm: Pick<ArmResult, "completed" | "judged">): string {
  return arm.judged === 0
    ? "nothing judged"
    : `${arm.completed} of ${arm.judged} (${Math.round((arm.completed / arm.judged) * 100)}%)`;
}

/** Seconds with one decimal, or "—". */
export const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);

export const STATUS_TEXT = {
  completed: "completed",
  not_completed: "not completed",
  setup_failed: "setup failed",
  check_error: "check error",
} as const;
