import Link from "next/link";
import { buttonClass } from "../button";
import type { MemorySearch } from "@/lib/memory/contract";
import { formatCount } from "@/lib/format";
import { memoriesHref } from "./memories-href";

const LINK = buttonClass();

/** Which results these are of how many, with links to the pages before and after. */
export function MemoryPager({
  search,
  shown,
  total,
  nextOffset,
}: {
  search: MemorySearch;
  shown: number;
  total: number;
  nextOffset: number | null;
}) {
  const first = search.offset + 1;
  const previous = search.offset > 0 ? Math.max(0, search.offset - search.limit) : null;
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-500 dark:text-zinc-400"
    >
      <span className="tabular-nums">
        {formatCount(first)}–{formatCount(search.offset + shown)} of {formatCount(total)}
      </span>
      <div className="flex gap-2">
        {previous !== null && (
          <Link href={memoriesHref(search, { offset: previous })} rel="prev" className={LINK}>
            ← Previous
          </Link>
        )}
        {nextOffset !== null && (
          <Link href={memoriesHref(search, { offset: nextOffset })} rel="next" className={LINK}>
            Next →
          </Link>
        )}
      </div>
    </nav>
  );
}
