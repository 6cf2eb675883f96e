import Link from "next/link";
import { EmptyState, NEXT_STEP } from "../empty-state";

/** `mayUpload`: whether the viewer may upload sessions anywhere (else the upload page is no next step). */
export type NoMemoriesReason =
  | { kind: "empty"; mayUpload: boolean }
  | { kind: "no-match"; clearHref: string }
  | { kind: "past-end"; firstHref: string };

/** Nothing to show, and the next step: upload sessions, loosen the search, or go back to the first page. */
export function NoMemories({ reason }: { reason: NoMemoriesReason }) {
  return (
    <EmptyState>
      {reason.kind === "empty" && (
        <>
          <p className="font-medium">No memories yet.</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-500 dark:text-zinc-400">
            Starlight learns a memory from every session uploaded and from the tool sequences that recur across them.
            People can also add one by hand.
          </p>
          {reason.mayUpload && (
            <Link href="/upload" className={NEXT_STEP}>
              Upload sessions
            </Link>
          )}
        </>
      )}
      {reason.kind === "no-match" && (
        <>
          <p className="font-medium">No memories match.</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            Try fewer or shorter words, a prefix such as verif*, or fewer filters.
          </p>
          <Link href={reason.clearHref} className={NEXT_STEP}>
            Clear the search and filters
          </Link>
        </>
      )}
      {reason.kind === "past-end" && (
        <>
          <p className="font-medium">No more memories after this point.</p>
          <Link href={reason.firstHref} className={NEXT_STEP}>
            Back to the first page
          </Link>
        </>
      )}
    </EmptyState>
  );
}
