import Link from "next/link";
import { EmptyState, NEXT_STEP } from "../empty-state";

/** Shown instead of the upload form to someone who may read projects but upload to none. */
export function ViewOnly() {
  return (
    <EmptyState titleId="view-only-title">
      <h2 id="view-only-title" className="font-medium">
        You have view-only access
      </h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-500 dark:text-zinc-400">
        You can read your projects&apos; sessions, rules and memories, but not upload to them. To upload, ask an admin
        or the project&apos;s owner to make you a member.
      </p>
      <Link href="/projects" className={NEXT_STEP}>
        Go to your projects
      </Link>
    </EmptyState>
  );
}
