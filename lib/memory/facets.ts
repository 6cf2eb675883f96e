import type { MemoryFacet, MemorySearchResult } from "@/lib/memory/contract";

/** How many memories of one project (null: a global memory) and category match every other filter. */
export interface FacetCell {
  project: string | null;
  category: string;
  count: number;
}

function facet(counts: Map<string, number>): MemoryFacet[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

function add(counts: Map<string, number>, key: string, count: number) {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

/**
 * The total and both facets from one grid of counts taken with every filter but project and category:
 * the categories facet applies the project filter, the projects facet the category filter, the total both.
 * Global memories have no project, so they count in the total and the categories but in no project.
 */
export function summarizeFacets(
  cells: readonly FacetCell[],
  filter: { project?: string; category?: string },
): { total: number; facets: MemorySearchResult["facets"] } {
  const categories = new Map<string, number>();
  const projects = new Map<string, number>();
  let total = 0;
  for (const cell of cells) {
    const inProject = filter.project === undefined || cell.project === filter.project;
    const inCategory = filter.category === undefined || cell.category === filter.category;
    if (inProject) add(categories, cell.category, cell.count);
    if (inCategory && cell.project !== null) add(projects, cell.project, cell.count);
    if (inProject && inCategory) total += cell.count;
  }
  return { total, facets: { categories: facet(categories), projects: facet(projects) } };
}
