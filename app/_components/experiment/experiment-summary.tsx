import type { ExperimentReport } from "@/lib/experiment/contract";
import { formatCount, formatDateTime, formatShare, isoOrUndefined } from "@/lib/format";
import { buttonClass } from "../button";
import { reportMarkdownHref, sessionsCsvHref } from "./view";

function Count({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="min-w-0 px-4 py-3">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
      <dd className="text-xs text-pretty text-zinc-500 dark:text-zinc-400">{hint}</dd>
    </div>
  );
}

/** The experiment's share and start, the downloads of its markdown report and per-session data, and how many sessions are where. */
export function ExperimentSummary({ slug, report }: { slug: string; report: ExperimentReport }) {
  const { settings, counts } = report;
  const linked = counts.linked.guidance + counts.linked.holdout;
  return (
    <section
      aria-label="Experiment summary"
      className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <p className="text-sm">
          <span className="font-semibold">Holdout {formatShare(settings.holdoutShare)}</span>
          <span className="text-zinc-500 dark:text-zinc-400">
            {" "}
            of sessions get no guidance · this experiment began{" "}
            <time dateTime={isoOrUndefined(settings.startedAt)}>{formatDateTime(settings.startedAt)} UTC</time>
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={reportMarkdownHref(slug)} download className={buttonClass()}>
            Download the report (markdown)
          </a>
          <a href={sessionsCsvHref(slug)} download className={buttonClass()}>
            Download per-session data (CSV)
          </a>
        </div>
      </div>
      <dl className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-6">
        <Count label="Enrolled" value={counts.enrolled} hint="asked for guidance" />
        <Count label="Guidance arm" value={counts.guidance} hint="got the guidance" />
        <Count label="Holdout arm" value={counts.holdout} hint="got none" />
        <Count
          label="Linked"
          value={linked}
          hint={`transcript arrived: ${formatCount(counts.linked.guidance)} guidance, ${formatCount(counts.linked.holdout)} holdout`}
        />
        <Count label="Awaiting" value={counts.awaiting} hint="transcript not arrived yet" />
        <Count label="Not enrolled" value={counts.notEnrolled} hint="never asked; left out" />
      </dl>
    </section>
  );
}
