import { formatCount, formatPercent } from "@/lib/format";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { categoryStyle } from "./category-style";

type Counts = Record<(typeof MEMORY_CATEGORIES)[number], number>;

/** Share of sessions per category as one stacked bar; the numbers are in the label for screen readers. */
export function CategoryMix({ counts }: { counts: Counts }) {
  const total = MEMORY_CATEGORIES.reduce((sum, c) => sum + counts[c], 0);
  if (total === 0) return <span className="text-zinc-400">—</span>;
  const parts = MEMORY_CATEGORIES.filter((c) => counts[c] > 0);
  const label = parts.map((c) => `${c} ${formatCount(counts[c])} (${formatPercent(counts[c] / total)})`).join(", ");
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      className="flex h-2 w-full min-w-24 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
    >
      {parts.map((c) => (
        <span key={c} className={categoryStyle(c).swatch} style={{ width: `${(counts[c] / total) * 100}%` }} />
      ))}
    </div>
  );
}

/** The colour key for category bars. */
export function CategoryLegend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
      {MEMORY_CATEGORIES.map((c) => (
        <li key={c} className="flex items-center gap-1.5">
          <span aria-hidden className={`size-2 rounded-full ${categoryStyle(c).swatch}`} />
          {c}
        </li>
      ))}
    </ul>
  );
}
