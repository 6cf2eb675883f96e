import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/access";
import { experimentReport } from "@/lib/server/experiment";
import { requireViewer } from "@/lib/server/auth/viewer";
import { ExperimentOff } from "@/app/_components/experiment/experiment-off";
import { ExperimentSummary } from "@/app/_components/experiment/experiment-summary";
import { ExperimentReportView } from "@/app/_components/experiment/experiment-report";
import { NoDeliveries } from "@/app/_components/experiment/no-deliveries";
import { loadProject } from "../load-project";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Experiment · ${project.name}` : "Project not found" };
}

/**
 * The guidance experiment of the open period: the report, or what to do while there is nothing to report. With the
 * holdout off, deliveries are still recorded (all in the guidance arm): the report of them follows the explanation.
 */
export default async function ExperimentPage({ params }: Props) {
  const { slug } = await params;
  const viewer = await requireViewer();
  const project = await loadProject(viewer.access, slug);
  if (!project) notFound();
  const report = await experimentReport(getDb(), slug);
  if (!report) notFound();
  if (report.settings.holdoutShare === 0) {
    return (
      <div className="space-y-4">
        <ExperimentOff
          slug={slug}
          canManage={can(viewer.access, "manage", project.id)}
          enrolled={report.counts.enrolled}
        />
        {report.counts.enrolled > 0 && <ExperimentReportView slug={slug} report={report} />}
      </div>
    );
  }
  if (report.counts.enrolled === 0) {
    return (
      <div className="space-y-4">
        <ExperimentSummary slug={slug} report={report} />
        <NoDeliveries slug={slug} />
      </div>
    );
  }
  return <ExperimentReportView slug={slug} report={report} />;
}
