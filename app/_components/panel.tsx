/** A titled card for one section of a page. */
export function Panel({
  title,
  id,
  aside,
  children,
  className = "",
  flush = false,
}: {
  title: string;
  id?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  /** No padding around the body, for content with its own edges such as a table. */
  flush?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        {aside && <div className="text-xs text-zinc-500 dark:text-zinc-400">{aside}</div>}
      </div>
      <div className={flush ? "" : "p-4"}>{children}</div>
    </section>
  );
}
