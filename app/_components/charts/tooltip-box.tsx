import type { ReactNode } from "react";

/** The box every custom chart tooltip is drawn in, so they all look alike in both themes. */
export function TooltipBox({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-xs shadow-sm dark:border-zinc-600 dark:bg-zinc-900">
      {children}
    </div>
  );
}
