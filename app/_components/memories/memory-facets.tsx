import type { MemorySearch, MemorySearchResult } from "@/lib/memory/contract";
import { categoryStyle, isMemoryCategory } from "../category-style";
import { FacetList } from "./facet-list";
import { memoriesHref } from "./memories-href";

/** Counts per category and per project beside the results; each sets (or clears) its filter. */
export function MemoryFacets({
  search,
  facets,
  projectNames,
}: {
  search: MemorySearch;
  facets: MemorySearchResult["facets"];
  projectNames: ReadonlyMap<string, string>;
}) {
  return (
    <aside aria-label="Facets" className="space-y-4">
      <FacetList
        title="Categories"
        all="All categories"
        facets={facets.categories}
        current={search.category}
        href={(value) => memoriesHref(search, { category: value && isMemoryCategory(value) ? value : undefined })}
        label={(value) => (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`size-2 shrink-0 rounded-full ${categoryStyle(value).swatch}`} />
            {value}
          </span>
        )}
      />
      <FacetList
        title="Projects"
        all="All projects"
        facets={facets.projects}
        current={search.project}
        href={(value) => memoriesHref(search, { project: value })}
        label={(value) => projectNames.get(value) ?? value}
      />
    </aside>
  );
}
