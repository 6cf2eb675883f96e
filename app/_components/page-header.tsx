import Link from "next/link";

export interface Crumb {
  href: string;
  label: string;
}

/** A page's breadcrumbs, title and one line of context; `actions` sit on the right. */
export function PageHeader({
  title,
  crumbs = [],
  description,
  actions,
}: {
  title: React.ReactNode;
  crumbs?: Crumb[];
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="mb-1 text-sm text-zinc-500 dark:text-zinc-400">
            <ol className="flex flex-wrap items-center gap-1">
              {crumbs.map((crumb) => (
                <li key={crumb.href} className="flex items-center gap-1">
                  <Link href={crumb.href} className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                    {crumb.label}
                  </Link>
                  <span aria-hidden>/</span>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className="text-xl font-semibold tracking-tight break-words">{title}</h1>
        {description && <div className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</div>}
      </div>
      {actions}
    </div>
  );
}
