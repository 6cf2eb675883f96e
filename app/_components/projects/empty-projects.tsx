import Link from "next/link";
import { buttonClass } from "../button";
import { CopyButton } from "../copy-button";
import { EmptyPage } from "../empty-state";
import { ingestCurl } from "./ingest-curl";
import { NewProjectButton } from "./new-project-button";

/** First-run state for an admin: what Starlight does, the upload page, and the one command that sends it data. */
export function EmptyProjects({ origin }: { origin: string }) {
  const curl = ingestCurl(origin, "my-app");
  return (
    <EmptyPage
      titleId="empty-title"
      title="No projects yet"
      intro="Starlight reads your coding agents' session trajectories, sorts each into a memory category and learns rules from what worked. Upload your Claude Code transcripts or ACOS files to begin:"
    >
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link href="/upload" className={buttonClass({ variant: "primary" })}>
          Upload files
        </Link>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">files, folders or a zip, from your browser</span>
      </div>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        Or send a file of trajectories from a script, with an API token from{" "}
        <Link href="/settings#tokens" className="font-medium text-sky-700 hover:underline dark:text-sky-300">
          Settings
        </Link>{" "}
        in <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs dark:bg-zinc-800">STARLIGHT_TOKEN</code>:
      </p>
      <div className="mt-2 flex items-start gap-2 rounded-md bg-zinc-100 p-3 dark:bg-zinc-950">
        <code data-testid="ingest-curl" className="min-w-0 flex-1 font-mono text-xs break-all text-zinc-800 dark:text-zinc-200">
          {curl}
        </code>
        <CopyButton text={curl} label="Copy command" />
      </div>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        The body can be JSON, a JSON array or JSONL; the project is created on first upload. For sample data, run{" "}
        <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs dark:bg-zinc-800">npm run demo</code>.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <NewProjectButton />
        <span className="text-sm text-zinc-500 dark:text-zinc-400">an empty project, to give people access before any data arrives</span>
      </div>
    </EmptyPage>
  );
}
