import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { listProjectSessions, sessionFacets } from "@/db/queries/sessions";
import { requestOrigin } from "@/app/_components/request-origin";
import { describeSort, hasFilters, sessionsHref, type ListState } from "@/app/_components/sessions/list-href";
import { NoSessions, type NoSessionsReason } from "@/app/_components/sessions/no-sessions";
import { Pager } from "@/app/_components/sessions/pager";
import { SessionFilters } from "@/app/_components/sessions/session-filters";
import { SessionsTable } from "@/app/_components/sessions/sessions-table";
import { formatQuantity } from "@/lib/format";
import type { RawQuery } from "@/lib/lenient-query";
import { parseSessionListLenient } from "@/lib/session-list";
import { loadProject } from "../load-project";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<RawQuery> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: loadProject(slug)?.name ?? "Project not found" };
}

async function emptyReason(slug: string, state: ListState, sessions: number): Promise<NoSessionsReason> {
  const unfiltered = sessionsHref(slug, { sort: state.sort, dir: state.dir, limit: state.limit });
  if (hasFilters(state)) return { kind: "filtered", clearHref: unfiltered };
  if (sessions > 0) return { kind: "past-end", firstHref: unfiltered };
  const origin = requestOrigin(await headers());
  return { kind: "empty-project", curl: `curl -X POST --data-binary @trajectories.jsonl "${origin}/api/v1/ingest?project=${encodeURIComponent(slug)}"` };
}

export default async function SessionsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const project = loadProject(slug);
  if (!project) notFound();
  const { query, ignored } = parseSessionListLenient(await searchParams);
  const { cursor, ...state } = query;
  const page = listProjectSessions(project.id, query);
  const facets = sessionFacets(project.id);

  return (
    <>
      {project.sessions > 0 && <SessionFilters slug={slug} state={state} categories={facets.categories} domains={facets.domains} />}
      {ignored.length > 0 && (
        <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
          Ignored invalid {ignored.length === 1 ? "parameter" : "parameters"}: {ignored.join(", ")}.
        </p>
      )}
      {page.items.length === 0 ? (
        <NoSessions reason={await emptyReason(slug, state, project.sessions)} />
      ) : (
        <>
          <SessionsTable slug={slug} state={state} items={page.items} />
          <Pager
            summary={`${formatQuantity(page.items.length, "session")}${cursor ? " (continued)" : ""}, ${describeSort(state)}`}
            firstHref={cursor ? sessionsHref(slug, state) : null}
            nextHref={page.nextCursor ? sessionsHref(slug, state, { cursor: page.nextCursor }) : null}
          />
        </>
      )}
    </>
  );
}
