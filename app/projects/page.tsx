import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { listReadableProjects } from "@/lib/server/projects";
import { canCreateProject, isInstanceAdmin, readableProjects } from "@/lib/auth/access";
import { formatQuantity } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { CategoryLegend } from "@/app/_components/category-mix";
import { PageHeader } from "@/app/_components/page-header";
import { EmptyProjects } from "@/app/_components/projects/empty-projects";
import { NewProjectButton } from "@/app/_components/projects/new-project-button";
import { NoProjectAccess } from "@/app/_components/projects/no-project-access";
import { ProjectsTable } from "@/app/_components/projects/projects-table";
import { requestOrigin } from "@/app/_components/request-origin";
import { LiveTelemetryPanel } from "@/app/_components/telemetry/live-panel";
import { projectTotals } from "@/lib/otlp/live";
import { liveTelemetry } from "@/lib/server/live-telemetry";
import { Suspense } from "react";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Projects" };

/** The projects the viewer may read; admins can create one here. */
/** Per project, Claude Code's live telemetry of sessions whose transcript has not arrived (docs/opentelemetry.md). */
async function Live({ projects, now }: { projects: readonly { id: number; name: string }[]; now: number }) {
  const rows = projectTotals(
    await liveTelemetry(
      getDb(),
      projects.map((p) => p.id),
      now,
    ),
  );
  return <LiveTelemetryPanel rows={rows} by="project" names={new Map(projects.map((p) => [p.id, p.name]))} />;
}

export default async function ProjectsPage() {
  const viewer = await requireViewer();
  const projects = await listReadableProjects(getDb(), readableProjects(viewer.access));
  const mayCreate = canCreateProject(viewer.access);
  if (projects.length === 0)
    return mayCreate ? <EmptyProjects origin={requestOrigin(await headers())} /> : <NoProjectAccess />;
  const sessions = projects.reduce((sum, p) => sum + p.sessions, 0);
  return (
    <>
      <PageHeader
        title="Projects"
        description={`${formatQuantity(projects.length, "project")} · ${formatQuantity(sessions, "session")}`}
        actions={
          <div className="flex items-center gap-4">
            <div className="hidden md:block">
              <CategoryLegend />
            </div>
            <Link
              href="/federation"
              className="text-sm font-medium whitespace-nowrap text-sky-700 hover:underline dark:text-sky-300"
            >
              {isInstanceAdmin(viewer.access) ? "Compare and sync projects →" : "Compare projects →"}
            </Link>
            {mayCreate && <NewProjectButton />}
          </div>
        }
      />
      {/* eslint-disable-next-line react-hooks/purity -- a server component renders once per request; "now" is that request's time. */}
      <ProjectsTable projects={projects} now={Date.now()} />
      <Suspense fallback={null}>
        {/* eslint-disable-next-line react-hooks/purity -- as above. */}
        <Live projects={projects} now={Date.now()} />
      </Suspense>
    </>
  );
}
