import type { RuleStatus } from "@/lib/guidance/contract";
import { STATUS_TEXT } from "./view";

const TONE: Record<RuleStatus, string> = {
  supported:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30",
  provisional:
    "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
  promoted: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30",
  retired: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-600/40",
};

/** A rule's lifecycle status as a pill; the word carries the meaning and the title explains it. */
export function StatusBadge({ status }: { status: RuleStatus }) {
  return (
    <span
      title={STATUS_TEXT[status]}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONE[status]}`}
    >
      {status}
    </span>
  );
}
