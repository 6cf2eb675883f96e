import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { listProjects } from "@/db/queries/projects";
import { formatQuantity } from "@/lib/format";
import { CategoryLegend } from "@/app/_components/category-mix";
import { PageHeader } from "@/app/_components/page-header";
import { EmptyProjects } from "@/app/_components/projects/empty-projects";
import { ProjectsTable } from "@/app/_components/projects/projects-table";
import { requestOrigin } from "@/app/_components/request-origin";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  // Reading the request's headers (for the curl line's host) also makes this page render per request.
  const origin = requestOrigin(await headers());
  const projects = listProjects();
  if (projects.length === 0) return <EmptyProjects origin={origin} />;
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
            <Link href="/federation" className="text-sm font-medium whitespace-nowrap text-sky-700 hover:underline dark:text-sky-300">
              Compare and sync projects →
            </Link>
          </div>
        }
      />
      {/* eslint-disable-next-line react-hooks/purity -- a server component renders once per request; "now" is that request's time. */}
      <ProjectsTable projects={projects} now={Date.now()} />
    </>
  );
}
