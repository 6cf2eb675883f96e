import { MEMORY_CATEGORIES, type MemoryCategory } from "@/lib/session";

interface CategoryStyle {
  /** Badge: tinted background, strong text, subtle ring; both themes. */
  badge: string;
  /** Solid swatch for bars and legend dots. */
  swatch: string;
}

/** One distinct hue per memory category (full class names, so Tailwind sees them). */
const STYLES: Record<MemoryCategory, CategoryStyle> = {
  error: {
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
    swatch: "bg-red-500 dark:bg-red-400",
  },
  pattern: {
    badge:
      "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30",
    swatch: "bg-emerald-500 dark:bg-emerald-400",
  },
  decision: {
    badge:
      "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/30",
    swatch: "bg-violet-500 dark:bg-violet-400",
  },
  preference: {
    badge:
      "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
    swatch: "bg-amber-500 dark:bg-amber-400",
  },
  insight: {
    badge: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30",
    swatch: "bg-sky-500 dark:bg-sky-400",
  },
};

const UNKNOWN: CategoryStyle = {
  badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-400/10 dark:text-zinc-300 dark:ring-zinc-400/30",
  swatch: "bg-zinc-400",
};

export function isMemoryCategory(value: string): value is MemoryCategory {
  return (MEMORY_CATEGORIES as readonly string[]).includes(value);
}

export function categoryStyle(category: string): CategoryStyle {
  return isMemoryCategory(category) ? STYLES[category] : UNKNOWN;
}
