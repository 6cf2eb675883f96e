import { formatPercent } from "@/lib/format";

/** A 0..1 success score as a percentage, tinted by band (≤ 50% red, ≥ 85% green) with a small bar. */
export function SuccessValue({ score }: { score: number | null }) {
  if (score == null) return <span className="text-zinc-400">—</span>;
  const tone =
    score <= 0.5
      ? "text-red-700 dark:text-red-300"
      : score >= 0.85
        ? "text-emerald-700 dark:text-emerald-300"
        : "text-zinc-700 dark:text-zinc-200";
  const bar = score <= 0.5 ? "bg-red-500" : score >= 0.85 ? "bg-emerald-500" : "bg-zinc-400";
  return (
    <span className="inline-flex items-center justify-end gap-2">
      <span
        aria-hidden
        className="hidden h-1.5 w-10 overflow-hidden rounded-full bg-zinc-200 sm:inline-block dark:bg-zinc-700"
      >
        <span className={`block h-full ${bar}`} style={{ width: `${Math.max(0, Math.min(1, score)) * 100}%` }} />
      </span>
      <span className={`tabular-nums ${tone}`}>{formatPercent(score)}</span>
    </span>
  );
}
