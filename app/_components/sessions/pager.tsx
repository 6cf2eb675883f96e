import Link from "next/link";
import { buttonClass } from "../button";

const LINK = buttonClass();

/** Keyset navigation: back to the first page, or on to the next. */
export function Pager({
  firstHref,
  nextHref,
  summary,
}: {
  firstHref: string | null;
  nextHref: string | null;
  summary: string;
}) {
  return (
    <nav
      aria-label="Pagination"
      className="mt-3 flex items-center justify-between gap-3 text-sm text-zinc-500 dark:text-zinc-400"
    >
      <span>{summary}</span>
      <div className="flex gap-2">
        {firstHref && (
          <Link href={firstHref} className={LINK}>
            ← First page
          </Link>
        )}
        {nextHref && (
          <Link href={nextHref} rel="next" className={LINK}>
            Next page →
          </Link>
        )}
      </div>
    </nav>
  );
}
