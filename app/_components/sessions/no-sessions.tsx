import Link from "next/link";
import { CopyButton } from "../copy-button";
import { EmptyState, NEXT_STEP } from "../empty-state";

/** `curl` is the upload command, or null when the viewer may not upload to the project. */
export type NoSessionsReason =
  | { kind: "empty-project"; curl: string | null }
  | { kind: "filtered"; clearHref: string }
  | { kind: "past-end"; firstHref: string };

/** Nothing to list, and what to do next: send data, loosen the filters, or go back to the first page. */
export function NoSessions({ reason }: { reason: NoSessionsReason }) {
  return (
    <EmptyState>
      {reason.kind === "empty-project" && (
        <>
          <p className="font-medium">This project has no sessions yet.</p>
          {reason.curl === null ? (
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              They appear here once its members upload some.
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                Send it a file of sessions, with an API token from{" "}
                <Link href="/settings#tokens" className="font-medium text-sky-700 hover:underline dark:text-sky-300">
                  Settings
                </Link>
                :
              </p>
              <div className="mx-auto mt-3 flex max-w-2xl items-start gap-2 rounded-md bg-zinc-100 p-3 text-left dark:bg-zinc-950">
                <code className="min-w-0 flex-1 font-mono text-xs break-all">{reason.curl}</code>
                <CopyButton text={reason.curl} label="Copy command" />
              </div>
            </>
          )}
        </>
      )}
      {reason.kind === "filtered" && (
        <>
          <p className="font-medium">No sessions match these filters.</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            Try another category, domain, agent or date range, or a shorter search.
          </p>
          <Link href={reason.clearHref} className={NEXT_STEP}>
            Clear filters
          </Link>
        </>
      )}
      {reason.kind === "past-end" && (
        <>
          <p className="font-medium">No more sessions after this point.</p>
          <Link href={reason.firstHref} className={NEXT_STEP}>
            Back to the first page
          </Link>
        </>
      )}
    </EmptyState>
  );
}
