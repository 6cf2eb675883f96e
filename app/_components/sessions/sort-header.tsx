import Link from "next/link";
import type { SessionSort } from "@/lib/session-list";
import { Th } from "../table";
import { sessionsHref, sortChange, type ListState } from "./list-href";

/** A column header that sorts the table by following a link (so the order lives in the URL). */
export function SortHeader({
  slug,
  state,
  sort,
  label,
  numeric,
  className,
}: {
  slug: string;
  state: ListState;
  sort: SessionSort;
  label: string;
  numeric?: boolean;
  className?: string;
}) {
  const active = state.sort === sort;
  const ariaSort = active ? (state.dir === "asc" ? "ascending" : "descending") : undefined;
  const arrow = active ? (state.dir === "asc" ? "↑" : "↓") : "↕";
  const next = sortChange(state, sort);
  return (
    <Th numeric={numeric} aria-sort={ariaSort} className={className}>
      <Link
        href={sessionsHref(slug, state, next)}
        aria-label={`Sort by ${label.toLowerCase()}, ${next.dir === "asc" ? "ascending" : "descending"}`}
        className={`inline-flex items-center gap-1 hover:text-zinc-900 dark:hover:text-zinc-100 ${active ? "text-zinc-900 dark:text-zinc-100" : ""}`}
      >
        {label}
        <span aria-hidden className={active ? "" : "opacity-40"}>
          {arrow}
        </span>
      </Link>
    </Th>
  );
}
