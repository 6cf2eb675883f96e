import type { MemoryHit } from "@/lib/memory/contract";
import { formatPercent } from "@/lib/format";

/**
 * Why the memory is trusted and how much now: the decayed confidence beside the one it was learned (or last
 * reinforced) with, drawn as a bar whose faded tail is what time has taken; pinned memories never decay.
 */
export function MemoryConfidence({ memory, halfLifeDays }: { memory: MemoryHit; halfLifeDays: number }) {
  const now = memory.pinned ? memory.confidence : memory.effectiveConfidence;
  const origin = memory.reinforcedAt != null ? "when last reinforced" : "when learned";
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
      <div aria-hidden className="relative h-1.5 w-20 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800">
        <div
          className="absolute inset-y-0 left-0 bg-sky-200 dark:bg-sky-900"
          style={{ width: formatPercent(memory.confidence) }}
        />
        <div className="absolute inset-y-0 left-0 bg-sky-600 dark:bg-sky-400" style={{ width: formatPercent(now) }} />
      </div>
      {memory.pinned ? (
        <p>
          <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
            {formatPercent(memory.confidence)}
          </span>{" "}
          confidence · <span className="font-medium text-amber-700 dark:text-amber-300">pinned — never decays</span>
        </p>
      ) : formatPercent(now) === formatPercent(memory.confidence) ? (
        <p>
          <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{formatPercent(now)}</span>{" "}
          confidence · not decayed yet · halves every {halfLifeDays} days of its project’s activity
        </p>
      ) : (
        <p>
          <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{formatPercent(now)}</span> now ·{" "}
          <span className="tabular-nums">{formatPercent(memory.confidence)}</span> {origin} · halves every{" "}
          {halfLifeDays} days of its project’s activity
        </p>
      )}
    </div>
  );
}
