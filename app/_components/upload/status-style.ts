import type { UploadStatus } from "@/lib/upload/answer";

interface StatusStyle {
  label: string;
  /** Badge: tinted background, strong text, subtle ring; both themes. */
  badge: string;
  /** Progress bar fill. */
  bar: string;
}

/** One look per upload status (full class names, so Tailwind sees them); the label always says it in words. */
export const STATUS_STYLES: Record<UploadStatus, StatusStyle> = {
  queued: {
    label: "queued",
    badge: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-400/10 dark:text-zinc-400 dark:ring-zinc-400/20",
    bar: "bg-zinc-300 dark:bg-zinc-600",
  },
  uploading: {
    label: "uploading",
    badge: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30",
    bar: "bg-sky-500 dark:bg-sky-400",
  },
  stored: {
    label: "stored",
    badge:
      "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30",
    bar: "bg-emerald-500 dark:bg-emerald-400",
  },
  waiting: {
    label: "waiting",
    badge: "bg-teal-50 text-teal-800 ring-teal-600/20 dark:bg-teal-400/10 dark:text-teal-300 dark:ring-teal-400/30",
    bar: "bg-teal-500 dark:bg-teal-400",
  },
  duplicate: {
    label: "duplicate",
    badge:
      "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/30",
    bar: "bg-violet-400 dark:bg-violet-400",
  },
  empty: {
    label: "no records",
    badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-400/10 dark:text-zinc-300 dark:ring-zinc-400/30",
    bar: "bg-zinc-400 dark:bg-zinc-500",
  },
  rejected: {
    label: "rejected",
    badge:
      "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
    bar: "bg-amber-500 dark:bg-amber-400",
  },
  failed: {
    label: "failed",
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
    bar: "bg-red-500 dark:bg-red-400",
  },
};
