import type { Metadata } from "next";
import { headers } from "next/headers";
import { listReadableProjects } from "@/lib/server/projects";
import { canCreateProject, readableProjects } from "@/lib/auth/access";
import type { RawQuery } from "@/lib/lenient-query";
import { requireViewer } from "@/lib/server/auth/viewer";
import { Overview } from "./_components/overview/overview";
import { rootPageTitle } from "./_components/page-title";
import { EmptyProjects } from "./_components/projects/empty-projects";
import { NoProjectAccess } from "./_components/projects/no-project-access";
import { requestOrigin } from "./_components/request-origin";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: rootPageTitle("Overview") };

/**
 * The overview of the projects the viewer may read; before any exists, the first-run page that explains how to
 * send data (admins), or how to get access (everyone else).
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const viewer = await requireViewer();
  const readable = readableProjects(viewer.access);
  const projects = await listReadableProjects(getDb(), readable);
  if (projects.length === 0) {
    return canCreateProject(viewer.access) ? (
      <EmptyProjects origin={requestOrigin(await headers())} />
    ) : (
      <NoProjectAccess />
    );
  }
  return <Overview raw={await searchParams} projects={projects} readable={readable} />;
}
