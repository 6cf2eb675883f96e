import type { MemorySearch, MemorySearchResult } from "@/lib/memory/contract";
import { formatCount } from "@/lib/format";
import { quoted } from "@/lib/memory/search-window";
import { ActiveFilters } from "./active-filters";
import { MemoryCard } from "./memory-card";
import type { Curation } from "./curation";
import { MemoryPager } from "./memory-pager";
import { clearedHref, memoriesHref } from "./memories-href";
import { NoMemories } from "./no-memories";
import { SortLinks } from "./sort-links";

/** How many match, the order and filters in force, one page of cards and the way to the next. */
export function MemoryResults({
  search,
  result,
  curation,
}: {
  search: MemorySearch;
  result: MemorySearchResult;
  curation: Curation;
}) {
  return (
    <section aria-label="Results" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
          <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
            {formatCount(result.total)} {result.total === 1 ? "memory" : "memories"}
          </span>
          {search.q && <> match {quoted(search.q)}</>}
        </p>
        <SortLinks search={search} />
      </div>
      <ActiveFilters search={search} />
      {result.bounded && (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200"
        >
          {result.bounded}
        </p>
      )}
      {result.items.length === 0 ? (
        <NoMemories
          reason={
            result.total > 0
              ? { kind: "past-end", firstHref: memoriesHref(search, { offset: 0 }) }
              : { kind: "no-match", clearHref: clearedHref(search) }
          }
        />
      ) : (
        <>
          <ol aria-label="Memories" className="space-y-3">
            {result.items.map((memory) => (
              <li key={memory.id}>
                <MemoryCard memory={memory} search={search} halfLifeDays={result.halfLifeDays} curation={curation} />
              </li>
            ))}
          </ol>
          <MemoryPager
            search={search}
            shown={result.items.length}
            total={result.total}
            nextOffset={result.nextOffset}
          />
        </>
      )}
    </section>
  );
}
