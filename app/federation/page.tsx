import type { Metadata } from "next";
import { connection } from "next/server";
import { federationMatrix } from "@/lib/server/federation";
import { listReadableProjects } from "@/lib/server/projects";
import { isInstanceAdmin, readableProjects } from "@/lib/auth/access";
import { formatQuantity } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { projectScore } from "@/lib/server/score";
import { listSources } from "@/lib/server/sync";
import { PageHeader } from "@/app/_components/page-header";
import { Panel } from "@/app/_components/panel";
import { FederationMatrixTable } from "@/app/_components/federation/federation-matrix";
import { ProjectComparisonTable, type ProjectComparison } from "@/app/_components/federation/project-comparison";
import { RegisterSourceForm } from "@/app/_components/federation/register-source-form";
import { SourcesTable } from "@/app/_components/federation/sources-table";
import { SyncAllButton } from "@/app/_components/federation/sync-all-button";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Federation" };

/** The projects the viewer may read, side by side and against each other; the server-side folders for admins. */
export default async function FederationPage() {
  await connection();
  const { access } = await requireViewer();
  const readable = readableProjects(access);
  const projects = await listReadableProjects(getDb(), readable);
  const comparison: ProjectComparison[] = [];
  for (const project of projects) {
    const score = await projectScore(getDb(), project.slug);
    if (score)
      comparison.push({ project, total: score.report.total, grade: score.report.grade, history: score.history });
  }
  const matrix = await federationMatrix(getDb(), readable);
  const sources = isInstanceAdmin(access) ? await listSources(getDb()) : null;

  return (
    <>
      <PageHeader
        title="Federation"
        description={
          sources
            ? "What each project has learned, what they share, and the server-side folders they are synced from."
            : "What each of your projects has learned, and what they share."
        }
      />
      <div className="space-y-5">
        <Panel title="Projects side by side" id="projects" flush aside={formatQuantity(projects.length, "project")}>
          {comparison.length === 0 ? (
            <p className="px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400">
              {sources
                ? "No projects yet: register a folder below and sync it, or upload sessions."
                : "You do not belong to any project yet: ask an admin or a project owner to add you."}
            </p>
          ) : (
            <ProjectComparisonTable rows={comparison} />
          )}
        </Panel>

        <Panel
          title="Cross-project matrix"
          id="matrix"
          flush
          aside={
            matrix.totalRows === 0
              ? undefined
              : `${formatQuantity(matrix.validatedRows, "row")} validated in 2+ projects${matrix.totalRows > matrix.rows.length ? ` · top ${matrix.rows.length} of ${matrix.totalRows}` : ""}`
          }
        >
          {matrix.rows.length === 0 ? (
            <p className="px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400">
              No proven patterns or supported rules yet. They appear here as projects learn; those found in two or more
              projects are marked validated.
            </p>
          ) : (
            <FederationMatrixTable matrix={matrix} />
          )}
        </Panel>

        {sources && (
          <Panel title="Server-side folders" id="sources" flush aside={formatQuantity(sources.length, "folder")}>
            <SourcesTable sources={sources} />
            <div className="space-y-6 border-t border-zinc-200 p-4 dark:border-zinc-800">
              <SyncAllButton disabled={sources.length === 0} />
              <div>
                <h3 className="mb-2 text-sm font-semibold">Register a folder</h3>
                <RegisterSourceForm />
              </div>
            </div>
          </Panel>
        )}
      </div>
    </>
  );
}
