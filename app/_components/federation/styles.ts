/** Form controls and buttons of the federation page, matching the rest of the dashboard. */
export const BUTTON =
  "rounded-md border px-3 py-1.5 text-sm font-medium transition-colors disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500";
export const SECONDARY = `${BUTTON} border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800`;
export const PRIMARY = `${BUTTON} border-sky-700 bg-sky-700 text-white hover:bg-sky-800 dark:border-sky-600 dark:bg-sky-600 dark:hover:bg-sky-500`;
export const DANGER = `${BUTTON} border-red-600 bg-red-600 text-white hover:bg-red-700`;
export const INPUT =
  "w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

/** The API's error body, read for a message and per-field details. */
export interface ApiProblem {
  message: string;
  fields: Record<string, string>;
}

export async function readProblem(response: Response | null, fallback: string): Promise<ApiProblem> {
  const body = (await response?.json().catch(() => null)) as { error?: { message?: string; details?: unknown } } | null;
  const fields: Record<string, string> = {};
  if (Array.isArray(body?.error?.details)) {
    for (const d of body.error.details as { field?: unknown; message?: unknown }[]) {
      if (typeof d.field === "string" && typeof d.message === "string" && !fields[d.field]) fields[d.field] = d.message;
    }
  }
  return { message: body?.error?.message ?? fallback, fields };
}

const noop = () => () => {};
/** For useSyncExternalStore: false in the server render and until hydration, then true; gates buttons that need JavaScript. */
export const hydrated = [noop, () => true, () => false] as const;
