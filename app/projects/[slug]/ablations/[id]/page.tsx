import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { ablationView } from "@/lib/server/ablation";
import { visibleProject } from "@/lib/server/auth/project-access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { ArmsTable } from "@/app/_components/ablation/arms-table";
import { Difference } from "@/app/_components/ablation/difference";
import { PairedMeasures } from "@/app/_components/ablation/paired-measures";
import { RunsTable } from "@/app/_components/ablation/runs-table";
import { TasksTable } from "@/app/_components/ablation/tasks-table";
import { AdherenceTable } from "@/app/_components/experiment/adherence-table";
import { Panel } from "@/app/_components/panel";
import { loadProject } from "../../load-project";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, id } = await params;
  const project = await loadProject((await requireViewer()).access, slug);
  return { title: project ? `Ablation ${id} · ${project.name}` : "Project not found" };
}

async function load(slug: string, id: string) {
  const viewer = await requireViewer();
  const project = await visibleProject(getDb(), viewer.access, slug);
  const n = Number(id);
  if (!project || !Number.isSafeInteger(n) || n < 1) return null;
  try {
    return await ablationView(getDb(), project, n);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One ablation: the verdict, completion per arm and per task, adherence, and every run. */
export default async function AblationPage({ params }: Props) {
  const { slug, id } = await params;
  const view = await load(slug, id);
  if (!view) notFound();
  const { meta, analysis } = view;
  const report = `/api/v1/projects/${encodeURIComponent(slug)}/ablations/${meta.id}/report?download=1`;
  return (
    <div className="space-y-4">
      <Panel
        title={`Ablation ${meta.id} · guidance generation ${meta.generation}`}
        aside={
          <a href={report} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
            Download the report (markdown)
          </a>
        }
      >
        <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
          Suite <span className="font-mono">{meta.suite}</span> · {meta.tasks.length} tasks × {meta.runs} runs ×{" "}
          {meta.arms.length} arms · {view.runs.length} of {meta.planned} runs reported · seed {meta.seed} · started{" "}
          {formatDateTime(meta.createdAt)} UTC · agent <code className="font-mono break-all">{meta.agent}</code>
        </p>
        <Difference analysis={analysis} />
        {analysis.caveats.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-zinc-600 dark:text-zinc-400">
            {analysis.caveats.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Completion and efficiency per arm" flush>
        <ArmsTable analysis={analysis} />
      </Panel>
      <Panel title="Tokens, cost, steps and time, paired over tasks" flush>
        <PairedMeasures analysis={analysis} />
      </Panel>
      <Panel title="Per task" flush>
        <TasksTable tasks={analysis.tasks} />
      </Panel>
      {analysis.adherence.length > 0 && (
        <Panel title="Did the agent do what the guidance asks?" flush>
          <AdherenceTable rows={analysis.adherence} armLabels={{ given: "With guidance", held: "Without" }} />
        </Panel>
      )}
      <Panel title="Runs" flush aside={`${view.runs.length} reported`}>
        <RunsTable runs={view.runs} />
      </Panel>
    </div>
  );
}
