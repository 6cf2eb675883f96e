/** Shared looks of the memories page's controls. */

export const FIELD =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

export const LABEL = "flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400";

export const ERROR_TEXT = "text-xs text-red-700 dark:text-red-300";
