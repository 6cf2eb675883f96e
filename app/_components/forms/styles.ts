/** Shared looks of the account and settings forms (same family as the memories page's controls). */

export const INPUT =
  "h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 placeholder:text-zinc-400 aria-invalid:border-red-500 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500";

export const SELECT =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

export const LABEL = "block text-sm font-medium text-zinc-800 dark:text-zinc-200";

export const HINT = "mt-1 text-xs text-zinc-500 dark:text-zinc-400";

export const PRIMARY =
  "inline-flex h-9 items-center justify-center rounded-md bg-zinc-900 px-3.5 text-sm font-medium text-white hover:bg-zinc-700 disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300";

export const SECONDARY =
  "inline-flex h-8 items-center justify-center rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700";

/** Small text buttons in a table row. */
export const ROW_ACTION =
  "rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

export const DANGER =
  "inline-flex items-center justify-center rounded-md bg-red-600 px-2 py-0.5 text-xs font-medium text-white hover:bg-red-700 disabled:opacity-50";

export const DANGER_LARGE =
  "inline-flex h-9 items-center justify-center rounded-md bg-red-600 px-3.5 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50";

export const ERROR_TEXT = "text-xs text-red-700 dark:text-red-300";

export const ALERT = "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200";

export const SUCCESS = "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200";

export const CHECKBOX = "size-4 accent-sky-600";
