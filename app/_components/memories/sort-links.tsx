import Link from "next/link";
import type { MemorySearch, MemorySort } from "@/lib/memory/contract";
import { memoriesHref } from "./memories-href";

const LABELS: Record<MemorySort, string> = { relevance: "Relevance", recent: "Recent", confidence: "Confidence" };

/** The order the results are in; "relevance" only means something while there is a query. */
function effectiveSort(search: MemorySearch): MemorySort {
  if (search.sort && (search.q || search.sort !== "relevance")) return search.sort;
  return search.q ? "relevance" : "recent";
}

/** A segmented control of links, so the order lives in the URL. */
export function SortLinks({ search }: { search: MemorySearch }) {
  const current = effectiveSort(search);
  const sorts: MemorySort[] = search.q ? ["relevance", "recent", "confidence"] : ["recent", "confidence"];
  return (
    <nav aria-label="Sort" className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
      <span>Sort by</span>
      <ul className="flex rounded-md border border-zinc-200 p-0.5 dark:border-zinc-800">
        {sorts.map((sort) => (
          <li key={sort}>
            <Link
              href={memoriesHref(search, { sort })}
              aria-current={sort === current ? "true" : undefined}
              className="block rounded px-2 py-1 font-medium text-zinc-600 hover:text-zinc-900 aria-[current=true]:bg-zinc-200 aria-[current=true]:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100 dark:aria-[current=true]:bg-zinc-800 dark:aria-[current=true]:text-zinc-100"
            >
              {LABELS[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
