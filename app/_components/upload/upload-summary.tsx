"use client";

import { useEffect, useRef } from "react";
import { formatCount } from "@/lib/format";
import type { UploadSummary } from "@/lib/upload/summary";
import { Button } from "../button";

function Tile({ label, value, note }: { label: string; value: string; note?: React.ReactNode }) {
  return (
    <div className="px-4 py-3">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tabular-nums">
        {value}
        {note}
      </dd>
    </div>
  );
}

/**
 * Totals over every file of this upload, what is happening now, and the way to start again. Takes the focus
 * when it appears, since the picker that had it is gone.
 */
export function UploadSummaryView({
  summary,
  running,
  onReset,
}: {
  summary: UploadSummary;
  running: boolean;
  onReset: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const status = running
    ? `Uploading: ${formatCount(summary.finished)} of ${formatCount(summary.files)} files answered.`
    : `Done: ${formatCount(summary.files)} ${summary.files === 1 ? "file" : "files"} answered.`;
  return (
    <section
      aria-labelledby="upload-summary-title"
      className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <h2
            id="upload-summary-title"
            ref={heading}
            tabIndex={-1}
            className="text-sm font-semibold focus:outline-none"
          >
            Summary
          </h2>
          <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
            {status}
          </p>
        </div>
        {!running && <Button onClick={onReset}>Upload more</Button>}
      </div>
      <dl className="grid grid-cols-2 divide-zinc-100 sm:grid-cols-4 sm:divide-x dark:divide-zinc-800">
        <Tile
          label="Files"
          value={`${formatCount(summary.finished)} / ${formatCount(summary.files)}`}
          note={
            summary.failed > 0 && (
              <span className="ml-2 text-xs font-medium text-red-700 dark:text-red-300">
                {formatCount(summary.failed)} failed
              </span>
            )
          }
        />
        <Tile label="Sessions stored" value={formatCount(summary.sessionsStored)} />
        <Tile label="Duplicates" value={formatCount(summary.duplicates)} />
        <Tile label="Rejected records" value={formatCount(summary.rejected)} />
      </dl>
    </section>
  );
}
