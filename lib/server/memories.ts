import "server-only";
import { readConfig } from "@/lib/config";
import type { DecayAt } from "@/lib/memory/decay";

/** Memories' decay measured now (or at `now`), at the configured half-life (STARLIGHT_MEMORY_HALF_LIFE_DAYS). */
export function decayAt(now: number = Date.now()): DecayAt {
  return { now, halfLifeDays: readConfig().memoryHalfLifeDays };
}
