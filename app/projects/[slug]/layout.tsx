import { notFound } from "next/navigation";
import { Suspense } from "react";
import { can } from "@/lib/auth/access";
import { formatDateTime, formatPercent, formatQuantity } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { PageHeader } from "@/app/_components/page-header";
import { PendingBadge } from "@/app/_components/review/pending-badge";
import { ProjectTabs } from "@/app/_components/rules/project-tabs";
import { loadProject } from "./load-project";

/**
 * Checks the viewer may see the project before anything streams (so an unknown slug, or one they cannot see,
 * answers 404) and heads its pages.
 */
export default async function ProjectLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await loadProject(viewer.access, slug);
  if (!project) notFound();
  const facts =
    project.sessions === 0
      ? ["No sessions yet"]
      : [
          formatQuantity(project.sessions, "session"),
          `${formatPercent(project.avgSuccess)} average success`,
          ...(project.lastActivityAt == null ? [] : [`last activity ${formatDateTime(project.lastActivityAt)} UTC`]),
        ];
  return (
    <>
      <PageHeader
        crumbs={[{ href: "/projects", label: "Projects" }]}
        title={project.name}
        description={facts.join(" · ")}
      />
      <ProjectTabs
        slug={slug}
        canManage={can(viewer.access, "manage", project.id)}
        reviewBadge={
          <Suspense fallback={null}>
            <PendingBadge slug={slug} />
          </Suspense>
        }
      />
      {children}
    </>
  );
}
