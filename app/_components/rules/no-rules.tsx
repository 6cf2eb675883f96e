import Link from "next/link";
import { formatQuantity } from "@/lib/format";
import { EmptyState, NEXT_STEP } from "../empty-state";

/**
 * No rules yet, and why: every rule compares sessions with a behaviour against sessions without it, and each
 * side needs `minGroup` sessions before an interval means anything.
 */
export function NoRules({ slug, sessions, minGroup }: { slug: string; sessions: number; minGroup: number }) {
  const needed = minGroup * 2;
  return (
    <EmptyState>
      <p className="font-medium">No rules yet.</p>
      <p className="mx-auto mt-2 max-w-xl text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        A rule compares the success of sessions that show a behaviour with sessions that do not, and states it only when
        the 95% interval of the difference excludes zero. Each side needs at least {formatQuantity(minGroup, "session")}
        , so a project needs at least {formatQuantity(needed, "session")} that record the behaviour one way or the other
        — usually many more, since small differences need large groups.
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        This project has {formatQuantity(sessions, "session")}.
      </p>
      <Link href={`/projects/${encodeURIComponent(slug)}`} className={NEXT_STEP}>
        See its sessions
      </Link>
    </EmptyState>
  );
}
