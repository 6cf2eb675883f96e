import type { Metadata } from "next";
import { headers } from "next/headers";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { listProjectSessions, sessionFacets } from "@/lib/server/sessions";
import { ingestCurl } from "@/app/_components/projects/ingest-curl";
import { requestOrigin } from "@/app/_components/request-origin";
import { describeSort, hasFilters, sessionsHref, type ListState } from "@/app/_components/sessions/list-href";
import { NoSessions, type NoSessionsReason } from "@/app/_components/sessions/no-sessions";
import { Pager } from "@/app/_components/sessions/pager";
import { SessionFilters } from "@/app/_components/sessions/session-filters";
import { SessionsTable } from "@/app/_components/sessions/sessions-table";
import { WaitingSessionsPanel } from "@/app/_components/sessions/waiting-sessions";
import { LiveTelemetryPanel } from "@/app/_components/telemetry/live-panel";
import { formatQuantity } from "@/lib/format";
import type { RawQuery } from "@/lib/lenient-query";
import { can } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { parseSessionListLenient } from "@/lib/session-list";
import { liveTelemetry } from "@/lib/server/live-telemetry";
import { waitingSessions } from "@/lib/server/waiting-sessions";
import { loadProject } from "../load-project";
import { withVisibleControls } from "@/lib/visible-controls";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<RawQuery> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: (await loadProject((await requireViewer()).access, slug))?.name ?? "Project not found" };
}

/** Why nothing is listed; for an empty project, the upload command when the viewer may upload to it. */
async function emptyReason(
  slug: string,
  state: ListState,
  sessions: number,
  mayUpload: boolean,
): Promise<NoSessionsReason> {
  const unfiltered = sessionsHref(slug, { sort: state.sort, dir: state.dir, limit: state.limit });
  if (hasFilters(state)) return { kind: "filtered", clearHref: unfiltered };
  if (sessions > 0) return { kind: "past-end", firstHref: unfiltered };
  return { kind: "empty-project", curl: mayUpload ? ingestCurl(requestOrigin(await headers()), slug) : null };
}

/** Sessions listed with their sub-agents, of those waiting for their main transcript. */
const WAITING_SHOWN = 5;

/** The sessions waiting for their main transcript; streamed after the list, as it reads every part the project holds. */
async function Waiting({ projectId }: { projectId: number }) {
  return <WaitingSessionsPanel waiting={await waitingSessions(getDb(), projectId, WAITING_SHOWN)} />;
}

/** Per person, Claude Code's live telemetry of sessions whose transcript has not arrived (docs/opentelemetry.md). */
async function Live({ projectId }: { projectId: number }) {
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request; "now" is that request's time.
  return <LiveTelemetryPanel rows={await liveTelemetry(getDb(), [projectId], Date.now())} by="person" />;
}

export default async function SessionsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await loadProject(viewer.access, slug);
  if (!project) notFound();
  const { query, ignored } = parseSessionListLenient(await searchParams);
  const { cursor, ...state } = query;
  // Tasks and prompts shown with their bidirectional controls made visible, as on a session's page.
  const page = withVisibleControls(await listProjectSessions(getDb(), project.id, query));
  const facets = await sessionFacets(getDb(), project.id);

  return (
    <>
      {project.sessions > 0 && (
        <SessionFilters
          slug={slug}
          state={state}
          categories={facets.categories}
          domains={facets.domains}
          agents={facets.agents}
        />
      )}
      {ignored.length > 0 && (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200"
        >
          Ignored invalid {ignored.length === 1 ? "parameter" : "parameters"}: {ignored.join(", ")}.
        </p>
      )}
      {page.items.length === 0 ? (
        <NoSessions
          reason={await emptyReason(slug, state, project.sessions, can(viewer.access, "ingest", project.id))}
        />
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
      {!cursor && !hasFilters(state) && (
        <Suspense fallback={null}>
          <Waiting projectId={project.id} />
        </Suspense>
      )}
      {!cursor && !hasFilters(state) && (
        <Suspense fallback={null}>
          <Live projectId={project.id} />
        </Suspense>
      )}
    </>
  );
}
