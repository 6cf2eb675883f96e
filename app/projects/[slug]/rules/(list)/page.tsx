import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  ChecklistsPanel,
  CrossProjectPanel,
  LessonsPanel,
  PinnedPanel,
  StrengthsPanel,
} from "@/app/_components/rules/content-sections";
import { NoRules } from "@/app/_components/rules/no-rules";
import { RulesSection } from "@/app/_components/rules/rules-section";
import type { RuleEntry } from "@/app/_components/rules/types";
import { weakestDomains } from "@/lib/server/overview";
import { formatDateTime, formatQuantity } from "@/lib/format";
import { tooFewForChecklist } from "@/lib/guidance/checklists";
import { requireViewer } from "@/lib/server/auth/viewer";
import { loadProject } from "../../load-project";
import { loadRules, MIN_GROUP } from "../load-rules";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Rules · ${project.name}` : "Project not found" };
}

const byStatus = (entries: RuleEntry[], ...statuses: RuleEntry["status"][]) =>
  entries.filter((e) => statuses.includes(e.status));

/** Domains read for the checklists' note on those too small for one: the weakest, however few their sessions. */
const WEAK_DOMAINS = 20;

export default async function RulesPage({ params }: Props) {
  const { slug } = await params;
  const project = await loadProject((await requireViewer()).access, slug);
  if (!project) notFound();
  const view = await loadRules(slug);
  const entries = view?.entries ?? [];
  const current = byStatus(entries, "promoted", "supported");
  const provisional = byStatus(entries, "provisional");
  const retired = byStatus(entries, "retired");
  const content = view?.content;
  const fewSessions = tooFewForChecklist(
    await weakestDomains(getDb(), { readable: "all", projectId: project.id }, WEAK_DOMAINS, 1),
  );

  return (
    <div className="space-y-8">
      {view && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Generation {view.generation} · {formatDateTime(view.createdAt)} UTC · distilled from{" "}
          {formatQuantity(view.content.sessions, "session")} · {current.length} stated (
          {byStatus(entries, "promoted").length} promoted), {provisional.length} provisional, {retired.length} retired ·{" "}
          <Link
            href={`/projects/${encodeURIComponent(slug)}/guidance`}
            className="font-medium text-sky-700 hover:underline dark:text-sky-300"
          >
            Export guidance
          </Link>
        </p>
      )}
      {current.length + provisional.length === 0 && (
        <NoRules slug={slug} sessions={project.sessions} minGroup={view?.minGroup ?? MIN_GROUP} />
      )}
      <RulesSection
        slug={slug}
        id="stated"
        title="Rules"
        note="The interval of the difference in success excludes zero, even after correcting for the number of comparisons made. Promoted rules have held for several generations."
        entries={current}
      />
      <RulesSection
        slug={slug}
        id="provisional"
        title="Provisional"
        note="Their plain 95% interval excludes zero, but not once corrected for the number of comparisons made. Shown here, left out of the exported guidance."
        entries={provisional}
        collapsed={current.length > 0}
      />
      {content && (
        <div className="grid gap-4 lg:grid-cols-2">
          <PinnedPanel pinned={content.pinned} />
          <LessonsPanel lessons={content.lessons} />
          <ChecklistsPanel checklists={content.checklists} fewSessions={fewSessions} minGroup={view.minGroup} />
          <StrengthsPanel strengths={content.strengths} />
          <CrossProjectPanel items={content.crossProject} />
        </div>
      )}
      <RulesSection
        slug={slug}
        id="retired"
        title="Retired"
        note="Rules an earlier generation stated that the data no longer supports."
        entries={retired}
      />
    </div>
  );
}
