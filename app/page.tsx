import type { Metadata } from "next";
import { headers } from "next/headers";
import { listProjects } from "@/db/queries/projects";
import type { RawQuery } from "@/lib/lenient-query";
import { Overview } from "./_components/overview/overview";
import { EmptyProjects } from "./_components/projects/empty-projects";
import { requestOrigin } from "./_components/request-origin";

export const metadata: Metadata = { title: "Overview" };

/** The overview once any project exists; before that, the first-run page that explains how to send data. */
export default async function HomePage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  // Reading the request's headers (for the curl line's host) also makes this page render per request.
  const origin = requestOrigin(await headers());
  const projects = listProjects();
  if (projects.length === 0) return <EmptyProjects origin={origin} />;
  return <Overview raw={await searchParams} projects={projects} />;
}
