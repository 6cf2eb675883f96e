import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ablationsOverview } from "@/lib/server/ablation";
import { visibleProject } from "@/lib/server/auth/project-access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { AblationsList } from "@/app/_components/ablation/ablations-list";
import { GenerationsTable } from "@/app/_components/ablation/generations-table";
import { HowToRun } from "@/app/_components/ablation/how-to-run";
import { EmptyExplained } from "@/app/_components/empty-state";
import { Panel } from "@/app/_components/panel";
import { loadProject } from "../load-project";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Ablation · ${project.name}` : "Project not found" };
}

/** The project's ablations (`starlight ablate`), their results per guidance generation, and how to run one. */
export default async function AblationsPage({ params }: Props) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await visibleProject(getDb(), viewer.access, slug);
  if (!project) notFound();
  const overview = await ablationsOverview(getDb(), project);
  if (overview.ablations.length === 0) {
    return (
      <EmptyExplained title="No ablation has been run for this project yet">
        <HowToRun slug={slug} />
      </EmptyExplained>
    );
  }
  return (
    <div className="space-y-4">
      <Panel title="Per guidance generation" flush>
        <GenerationsTable generations={overview.generations} />
      </Panel>
      <Panel title="Ablations" flush aside={`${overview.ablations.length} in all`}>
        <AblationsList slug={slug} ablations={overview.ablations} />
      </Panel>
      <Panel title="Run another">
        <HowToRun slug={slug} />
      </Panel>
    </div>
  );
}
