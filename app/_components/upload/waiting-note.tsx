import Link from "next/link";
import { Fragment } from "react";
import { formatQuantity } from "@/lib/format";
import type { UploadSummary } from "@/lib/upload/summary";

/**
 * The sub-agents' files of this upload kept for sessions whose main transcript has not arrived: how many, what
 * happens to them, and the projects whose Sessions page lists them meanwhile. Nothing when there are none.
 */
export function WaitingNote({ waiting }: { waiting: UploadSummary["waiting"] }) {
  if (waiting.files === 0) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-teal-200 bg-teal-50 px-4 py-2.5 text-sm text-pretty text-teal-900 dark:border-teal-400/20 dark:bg-teal-400/10 dark:text-teal-100"
    >
      <span className="font-medium">
        {formatQuantity(waiting.files, "sub-agent file")} waiting for their main transcript (
        {formatQuantity(waiting.sessions, "session")}).
      </span>{" "}
      They are kept, and stored with their session once its main transcript is uploaded; until then the Sessions page of{" "}
      {waiting.projects.map((project, i) => (
        <Fragment key={project}>
          {i > 0 && ", "}
          <Link href={`/projects/${encodeURIComponent(project)}`} className="font-medium underline">
            {project}
          </Link>
        </Fragment>
      ))}{" "}
      lists them.
    </p>
  );
}
