import { pendingCount } from "@/lib/server/guidance-review";
import { getDb } from "@/lib/server/database";

/** The number of guidance changes waiting for an owner, beside the Review tab; nothing when none waits. */
export async function PendingBadge({ slug }: { slug: string }) {
  const count = await pendingCount(getDb(), slug);
  if (count === 0) return null;
  return (
    <span
      aria-label={`${count} waiting for review`}
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-medium text-amber-900 tabular-nums dark:bg-amber-500/20 dark:text-amber-200"
    >
      {count}
    </span>
  );
}
