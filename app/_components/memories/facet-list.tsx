import Link from "next/link";
import type { MemoryFacet } from "@/lib/memory/contract";
import { formatCount } from "@/lib/format";

const ITEM =
  "flex items-center justify-between gap-3 rounded-md px-2 py-1 text-sm text-zinc-700 hover:bg-zinc-100 aria-[current=true]:bg-sky-50 aria-[current=true]:font-medium aria-[current=true]:text-sky-800 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=true]:bg-sky-400/10 dark:aria-[current=true]:text-sky-200";

/**
 * One facet's values as links that set the filter, each with how many memories it would give; "all" clears
 * it, and the current value stays listed (with 0) even when nothing matches it any more.
 */
export function FacetList({
  title,
  all,
  facets,
  current,
  href,
  label = (value) => value,
}: {
  title: string;
  all: string;
  facets: MemoryFacet[];
  current?: string;
  href: (value: string | undefined) => string;
  label?: (value: string) => React.ReactNode;
}) {
  const values =
    current && !facets.some((f) => f.value === current) ? [...facets, { value: current, count: 0 }] : facets;
  return (
    <nav aria-label={title} className="min-w-0">
      <h2 className="mb-1 px-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-1 lg:flex-col lg:gap-0.5">
        <li>
          <Link href={href(undefined)} aria-current={current ? undefined : "true"} className={ITEM}>
            {all}
          </Link>
        </li>
        {values.map((f) => (
          <li key={f.value} className="min-w-0">
            <Link href={href(f.value)} aria-current={current === f.value ? "true" : undefined} className={ITEM}>
              <span className="truncate">{label(f.value)}</span>
              <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatCount(f.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
