import Link from "next/link";
import type { MemorySearch } from "@/lib/memory/contract";
import { formatPercent } from "@/lib/format";
import { memoriesHref } from "./memories-href";

interface Chip {
  label: string;
  remove: Partial<MemorySearch>;
}

function chips(search: MemorySearch): Chip[] {
  const out: Chip[] = [];
  if (search.category) out.push({ label: `category ${search.category}`, remove: { category: undefined } });
  if (search.project) out.push({ label: `project ${search.project}`, remove: { project: undefined } });
  if (search.tag) out.push({ label: `tag #${search.tag}`, remove: { tag: undefined } });
  if (search.minConfidence)
    out.push({ label: `confidence ≥ ${formatPercent(search.minConfidence)}`, remove: { minConfidence: undefined } });
  if (search.from) out.push({ label: `updated from ${search.from}`, remove: { from: undefined } });
  if (search.to) out.push({ label: `updated to ${search.to}`, remove: { to: undefined } });
  return out;
}

/** The filters in force besides the words, each removable on its own. */
export function ActiveFilters({ search }: { search: MemorySearch }) {
  const list = chips(search);
  if (list.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
      {list.map((chip) => (
        <li key={chip.label}>
          <Link
            href={memoriesHref(search, chip.remove)}
            aria-label={`Remove filter: ${chip.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-sky-200 bg-sky-50 py-0.5 pr-1.5 pl-2 text-xs text-sky-800 hover:bg-sky-100 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200 dark:hover:bg-sky-400/20"
          >
            {chip.label}
            <span aria-hidden>×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
