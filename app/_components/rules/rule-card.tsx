import Link from "next/link";
import { formatDate, humanize } from "@/lib/format";
import { knowledgeNote } from "@/lib/guidance/rule-status";
import { GroupChart } from "./group-chart";
import { StatusBadge } from "./status-badge";
import type { RuleEntry } from "./types";
import { evidenceLine, ruleHref, sourceLabel } from "./view";

/** One rule: instruction, status, evidence line and the two-group chart, linking to its evidence page. */
export function RuleCard({ slug, entry }: { slug: string; entry: RuleEntry }) {
  const { rule, status } = entry;
  const headingId = `rule-${rule.key.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="min-w-0">
        <div className="mb-1.5 flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <StatusBadge status={status} />
          <span>{sourceLabel(rule.source)}</span>
          {rule.domain && <span>· {humanize(rule.domain)}</span>}
        </div>
        <h3 id={headingId} className="font-medium text-pretty">
          {rule.instruction}
        </h3>
        <p className="mt-1.5 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{evidenceLine(rule)}</p>
        {rule.test?.verdict === "hurts" && (
          <p className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
            Removed from the guidance: tested by randomisation, it hurt.
          </p>
        )}
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">What is known: {knowledgeNote(rule.test)}</p>
        {status === "retired" && (
          <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
            Retired{entry.retiredAt != null ? ` on ${formatDate(entry.retiredAt)}` : ""}
            {entry.retiredReason ? `: ${entry.retiredReason}` : "."}
          </p>
        )}
        <Link
          href={ruleHref(slug, rule.key)}
          className="mt-2 inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          Evidence<span className="sr-only"> for: {rule.instruction}</span> →
        </Link>
      </div>
      <GroupChart evidence={rule.evidence} />
    </article>
  );
}
