/** Shared looks of the account and settings forms (same family as the memories page's controls). */

export const INPUT =
  "h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 placeholder:text-zinc-400 aria-invalid:border-red-500 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500";

export const SELECT =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

export const LABEL = "block text-sm font-medium text-zinc-800 dark:text-zinc-200";

export const HINT = "mt-1 text-xs text-zinc-500 dark:text-zinc-400";

export const ERROR_TEXT = "text-xs text-red-700 dark:text-red-300";

export const ALERT =
  "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200";

export const SUCCESS =
  "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200";

export const CHECKBOX = "size-4 accent-sky-600";
