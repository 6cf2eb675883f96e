import { intervalGeometry } from "./view";

/**
 * A tiny inline 95% interval against zero: a track from −scale to +scale with a tick at zero, the interval
 * as a bar and the estimate as a dot. Green when the interval lies above zero, red below, grey across it.
 * `label` is read instead of the picture.
 */
export function IntervalBar({
  low,
  high,
  estimate,
  scale,
  label,
}: {
  low: number;
  high: number;
  estimate: number;
  scale: number;
  label: string;
}) {
  const { left, width, point } = intervalGeometry(low, high, estimate, scale);
  const tone =
    low > 0
      ? "bg-emerald-500 dark:bg-emerald-400"
      : high < 0
        ? "bg-red-500 dark:bg-red-400"
        : "bg-zinc-400 dark:bg-zinc-500";
  return (
    <span role="img" aria-label={label} title={label} className="relative inline-block h-3 w-28 align-middle">
      <span aria-hidden className="absolute inset-x-0 top-1/2 h-px bg-zinc-200 dark:bg-zinc-700" />
      <span aria-hidden className="absolute inset-y-0 left-1/2 w-px bg-zinc-400 dark:bg-zinc-500" />
      <span
        aria-hidden
        className={`absolute top-1/2 h-1 -translate-y-1/2 rounded-full ${tone}`}
        style={{ left: `${left}%`, width: `${Math.max(width, 1)}%` }}
      />
      <span
        aria-hidden
        className="absolute top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full border border-white bg-zinc-900 dark:border-zinc-900 dark:bg-zinc-100"
        style={{ left: `${point}%` }}
      />
    </span>
  );
}
