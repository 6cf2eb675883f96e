import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ExportList } from "@/app/_components/guidance/export-list";
import { GenerationDiffView } from "@/app/_components/guidance/generation-diff";
import { Panel } from "@/app/_components/panel";
import { formatCount, formatDateTime } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { pendingCount } from "@/lib/server/guidance-review";
import { reviewMode } from "@/lib/server/review-gate";
import { loadProject } from "../load-project";
import { loadGuidance } from "../rules/load-rules";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Guidance · ${project.name}` : "Project not found" };
}

export default async function GuidancePage({ params }: Props) {
  const { slug } = await params;
  const project = await loadProject((await requireViewer()).access, slug);
  if (!project) notFound();
  const guidance = await loadGuidance(slug);
  const lines = guidance ? guidance.markdown.split("\n").length : 0;
  const review = (await reviewMode(getDb(), project.id)).on ? await pendingCount(getDb(), slug) : null;

  return (
    <div className="space-y-4">
      {review !== null && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span className="font-medium">Review is on:</span> the preview and the exports hold only the items an owner
          accepted.{" "}
          <Link
            href={`/projects/${encodeURIComponent(slug)}/review`}
            className="font-medium text-sky-700 hover:underline dark:text-sky-300"
          >
            {review === 0
              ? "Nothing waits for review"
              : `${formatCount(review)} ${review === 1 ? "change waits" : "changes wait"} for review`}
          </Link>
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="space-y-4">
          <Panel
            title="Export"
            id="export"
            aside={guidance?.generation != null ? `generation ${guidance.generation}` : undefined}
            flush
          >
            <ExportList slug={slug} />
          </Panel>
          <Panel
            title="Changes"
            id="changes"
            aside={guidance?.createdAt != null ? `${formatDateTime(guidance.createdAt)} UTC` : undefined}
          >
            <GenerationDiffView slug={slug} generation={guidance?.generation ?? null} diff={guidance?.diff ?? null} />
          </Panel>
        </div>
        <Panel
          title="Preview (markdown)"
          id="preview"
          aside={
            guidance ? `${formatCount(lines)} lines · ${formatCount(guidance.markdown.length)} characters` : undefined
          }
          flush
        >
          {guidance ? (
            <pre
              tabIndex={0}
              className="max-h-[70vh] overflow-auto p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words"
            >
              {guidance.markdown}
            </pre>
          ) : (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
              No guidance yet.{" "}
              <Link
                href={`/projects/${encodeURIComponent(slug)}/rules`}
                className="font-medium text-sky-700 hover:underline dark:text-sky-300"
              >
                See why on the rules page
              </Link>
              .
            </p>
          )}
        </Panel>
      </div>
    </div>
  );
}
