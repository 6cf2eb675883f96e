import { describe, expect, it } from "vitest";
import { summarizeFacets, type FacetCell } from "./facets";

const cells: FacetCell[] = [
  { project: "alpha", category: "error", count: 3 },
  { project: "alpha", category: "pattern", count: 2 },
  { project: "beta", category: "error", count: 4 },
  { project: "beta", category: "insight", count: 1 },
  { project: null, category: "pattern", count: 5 },
];

describe("summarizeFacets", () => {
  it("counts everything without filters, most common first; global memories have no project", () => {
    expect(summarizeFacets(cells, {})).toEqual({
      total: 15,
      facets: {
        categories: [
          { value: "error", count: 7 },
          { value: "pattern", count: 7 },
          { value: "insight", count: 1 },
        ],
        projects: [
          { value: "alpha", count: 5 },
          { value: "beta", count: 5 },
        ],
      },
    });
  });

  it("applies the project filter to categories and the total, not to projects", () => {
    const { total, facets } = summarizeFacets(cells, { project: "alpha" });
    expect(total).toBe(5);
    expect(facets.categories).toEqual([
      { value: "error", count: 3 },
      { value: "pattern", count: 2 },
    ]);
    expect(facets.projects.map((p) => p.value)).toEqual(["alpha", "beta"]);
  });

  it("applies the category filter to projects and the total, not to categories", () => {
    const { total, facets } = summarizeFacets(cells, { category: "error" });
    expect(total).toBe(7);
    expect(facets.projects).toEqual([
      { value: "beta", count: 4 },
      { value: "alpha", count: 3 },
    ]);
    expect(facets.categories).toHaveLength(3);
  });

  it("applies both to the total", () => {
    expect(summarizeFacets(cells, { project: "beta", category: "error" }).total).toBe(4);
    expect(summarizeFacets(cells, { project: "nope" })).toMatchObject({ total: 0, facets: { categories: [] } });
  });
});
