"use client";

import { useState } from "react";
import { toProjectSlug } from "@/lib/project-slug";
import type { PickedFile } from "@/lib/upload/collect";
import { summariseUploads } from "@/lib/upload/summary";
import { DropZone } from "./drop-zone";
import { ProjectField } from "./project-field";
import { SkippedFiles } from "./skipped-files";
import { UploadList } from "./upload-list";
import { UploadSummaryView } from "./upload-summary";
import { useStrayDrops } from "./use-stray-drops";
import { useUploads } from "./use-uploads";
import { WaitingNote } from "./waiting-note";

/**
 * The upload page's island: project and drop zone first, then the summary and one row per file. `projects` are
 * those the viewer may upload to; `mayCreate`, whether a new project name creates one.
 */
export function Uploader({ projects, mayCreate }: { projects: string[]; mayCreate: boolean }) {
  const { rows, skipped, unpacking, running, start, reset } = useUploads();
  const [project, setProject] = useState("");
  const slug = project.trim() ? toProjectSlug(project) : null;
  const invalid = project.trim() !== "" && slug === null;
  useStrayDrops();

  if (rows.length > 0) {
    const summary = summariseUploads(rows);
    return (
      <div className="space-y-4">
        <UploadSummaryView summary={summary} running={running} onReset={reset} />
        <WaitingNote waiting={summary.waiting} />
        <SkippedFiles skipped={skipped} nothingSent={false} />
        <UploadList rows={rows} />
      </div>
    );
  }

  const onFiles = (picked: PickedFile[]) => {
    if (picked.length > 0) void start(picked, slug);
  };
  return (
    <div className="space-y-4">
      <section
        aria-label="New upload"
        className="grid gap-5 rounded-lg border border-zinc-200 bg-white p-4 md:grid-cols-[16rem_1fr] dark:border-zinc-800 dark:bg-zinc-900"
      >
        <ProjectField value={project} slug={slug} onChange={setProject} projects={projects} mayCreate={mayCreate} />
        <DropZone
          disabled={invalid || running}
          busyText={
            unpacking
              ? `Unpacking ${unpacking}…`
              : running
                ? "Reading files…"
                : invalid
                  ? "Fix the project name first."
                  : null
          }
          onFiles={onFiles}
        />
      </section>
      <SkippedFiles skipped={skipped} nothingSent />
    </div>
  );
}
