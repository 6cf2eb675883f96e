import type { Metadata } from "next";
import { searchMemories } from "@/lib/server/memories";
import { listReadableProjects } from "@/lib/server/projects";
import { can, canUploadSomewhere, isInstanceAdmin, readableProjects } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { AddMemoryButton } from "@/app/_components/memories/add-memory-button";
import { curatesAnything, startingProject, type Curation } from "@/app/_components/memories/curation";
import { MemoryFacets } from "@/app/_components/memories/memory-facets";
import { MemoryFilters } from "@/app/_components/memories/memory-filters";
import { MemoryResults } from "@/app/_components/memories/memory-results";
import { hasFilters } from "@/app/_components/memories/memories-href";
import { NoMemories } from "@/app/_components/memories/no-memories";
import { PageHeader } from "@/app/_components/page-header";
import type { MemoryInput } from "@/lib/memory/contract";
import { DEFAULT_CONFIDENCE, parseMemorySearchLenient } from "@/lib/memory/memory-query";
import type { RawQuery } from "@/lib/lenient-query";
import { decayAt } from "@/lib/server/memories";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Memories" };

/**
 * The memory vault of the projects the viewer may read, and the global memories: search as you type, facets,
 * and curation where the viewer may. Every view is a URL rendered on the server.
 */
export default async function MemoriesPage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const { access } = await requireViewer();
  const { search, ignored } = parseMemorySearchLenient(await searchParams);
  const readable = readableProjects(access);
  const result = await searchMemories(getDb(), { ...search, readable }, decayAt());
  const projects = await listReadableProjects(getDb(), readable);
  const curation: Curation = {
    projects: projects.filter((p) => can(access, "curate", p.id)).map(({ slug, name }) => ({ slug, name })),
    global: isInstanceAdmin(access),
  };
  const newMemory: MemoryInput = {
    content: "",
    category: "insight",
    tags: [],
    confidence: DEFAULT_CONFIDENCE,
    project: startingProject(curation, search.project),
    pinned: false,
  };

  return (
    <>
      <PageHeader
        title="Memories"
        description={`What Starlight learned from sessions and recurring tool sequences, and what people added. Confidence halves every ${result.halfLifeDays} days of the project’s own activity (counted to its latest session, so an imported history does not fade on arrival) unless reinforced or pinned.`}
        actions={curatesAnything(curation) ? <AddMemoryButton curation={curation} initial={newMemory} /> : undefined}
      />
      {ignored.length > 0 && (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200"
        >
          Ignored invalid {ignored.length === 1 ? "parameter" : "parameters"}: {ignored.join(", ")}.
        </p>
      )}
      {result.total === 0 && !hasFilters(search) ? (
        <NoMemories reason={{ kind: "empty", mayUpload: canUploadSomewhere(access) }} />
      ) : (
        <>
          <MemoryFilters search={search} />
          <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
            <MemoryFacets
              search={search}
              facets={result.facets}
              projectNames={new Map(projects.map((p) => [p.slug, p.name]))}
            />
            <MemoryResults search={search} result={result} curation={curation} />
          </div>
        </>
      )}
    </>
  );
}
