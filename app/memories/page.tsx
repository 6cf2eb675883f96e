import type { Metadata } from "next";
import { searchMemories } from "@/db/queries/memories";
import { listProjects } from "@/db/queries/projects";
import { AddMemoryButton } from "@/app/_components/memories/add-memory-button";
import { MemoryFacets } from "@/app/_components/memories/memory-facets";
import { MemoryFilters } from "@/app/_components/memories/memory-filters";
import { MemoryResults } from "@/app/_components/memories/memory-results";
import { hasFilters } from "@/app/_components/memories/memories-href";
import { NoMemories } from "@/app/_components/memories/no-memories";
import { PageHeader } from "@/app/_components/page-header";
import type { MemoryInput } from "@/lib/memory/contract";
import { DEFAULT_CONFIDENCE, parseMemorySearchLenient } from "@/lib/memory/memory-query";
import type { RawQuery } from "@/lib/lenient-query";

export const metadata: Metadata = { title: "Memories" };

/** The memory vault: search as you type, facets, curation. Every view is a URL rendered on the server. */
export default async function MemoriesPage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const { search, ignored } = parseMemorySearchLenient(await searchParams);
  const result = searchMemories(search);
  const projects = listProjects().map(({ slug, name }) => ({ slug, name }));
  const newMemory: MemoryInput = { content: "", category: "insight", tags: [], confidence: DEFAULT_CONFIDENCE, project: search.project ?? null, pinned: false };

  return (
    <>
      <PageHeader
        title="Memories"
        description={`What Starlight learned from sessions and recurring tool sequences, and what people added. Confidence halves every ${result.halfLifeDays} days unless reinforced or pinned.`}
        actions={<AddMemoryButton projects={projects} initial={newMemory} />}
      />
      {ignored.length > 0 && (
        <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
          Ignored invalid {ignored.length === 1 ? "parameter" : "parameters"}: {ignored.join(", ")}.
        </p>
      )}
      {result.total === 0 && !hasFilters(search) ? (
        <NoMemories reason={{ kind: "empty" }} />
      ) : (
        <>
          <MemoryFilters search={search} />
          <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
            <MemoryFacets search={search} facets={result.facets} projectNames={new Map(projects.map((p) => [p.slug, p.name]))} />
            <MemoryResults search={search} result={result} projects={projects} />
          </div>
        </>
      )}
    </>
  );
}
