import type { ReactNode } from "react";

/** The dashed box of an empty state: a line or two, centred, with the next step. */
const BOX =
  "rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center dark:border-zinc-700 dark:bg-zinc-900";

/** The link to an empty state's next step ("Clear filters", "Upload sessions"). */
export const NEXT_STEP = "mt-4 inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300";

/**
 * Where a list or a report has nothing to show; the content says why and what to do next. With `titleId` it is a
 * section named by that heading.
 */
export function EmptyState({ titleId, children }: { titleId?: string; children: ReactNode }) {
  if (titleId) {
    return (
      <section aria-labelledby={titleId} className={BOX}>
        {children}
      </section>
    );
  }
  return <div className={BOX}>{children}</div>;
}

/** An empty state that takes some explaining: its title, then paragraphs in a readable column. */
export function EmptyExplained({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 bg-white p-5 sm:p-8 dark:border-zinc-700 dark:bg-zinc-900">
      <div className="mx-auto max-w-2xl space-y-3 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        <p className="text-base font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** A whole page with nothing to show yet (no projects, no access): its heading, why, and any next steps. */
export function EmptyPage({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto mt-10 max-w-2xl rounded-lg border border-dashed border-zinc-300 bg-white p-8 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <h1 id={titleId} className="text-lg font-semibold">
        {title}
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>
      {children}
    </section>
  );
}
