import Link from "next/link";
import type { SessionDetail } from "@/lib/server/sessions";
import { humanize } from "@/lib/format";
import { CategoryBadge } from "../category-badge";
import { PageHeader } from "../page-header";
import { SuccessValue } from "../success-value";

/** Task (or external id), project, domain, category and success with its source. */
export function SessionHeader({ detail }: { detail: SessionDetail }) {
  const { session: s, project } = detail;
  const projectHref = `/projects/${encodeURIComponent(project.slug)}`;
  return (
    <PageHeader
      crumbs={[
        { href: "/projects", label: "Projects" },
        { href: projectHref, label: project.name },
      ]}
      title={s.task ?? s.externalId}
      description={
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          {s.task && <code className="font-mono text-xs">{s.externalId}</code>}
          <span>
            in{" "}
            <Link href={projectHref} className="font-medium text-zinc-700 hover:underline dark:text-zinc-200">
              {project.name}
            </Link>
          </span>
          <span>{humanize(s.domain)}</span>
          <CategoryBadge category={s.category} />
          <span className="inline-flex items-center gap-1">
            <SuccessValue score={s.successScore} /> success <span className="text-xs">({s.successSource})</span>
          </span>
        </div>
      }
    />
  );
}
