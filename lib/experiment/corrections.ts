import type { Prompt } from "@/lib/session";

/** A session's user corrections: prompts right after a refused call or an interruption, a resent one not again. */
export function correctionCount(prompts: readonly Prompt[]): number {
  return prompts.filter((p) => p.after !== null && p.resent !== true).length;
}
