/** Form controls of the federation page, matching the rest of the dashboard. */
export const INPUT =
  "w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

const noop = () => () => {};
/** For useSyncExternalStore: false in the server render and until hydration, then true; gates buttons that need JavaScript. */
export const hydrated = [noop, () => true, () => false] as const;
