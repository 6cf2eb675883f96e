import Link from "next/link";
import type { MemoryRow } from "@/lib/server/sessions";
import { formatPercent } from "@/lib/format";
import { CategoryBadge } from "../category-badge";

/** The vault filtered to this memory's project (named in its source, `project:<slug>:…`) and category. */
function vaultHref(memory: MemoryRow): string {
  const slug = /^project:([^:]+):/.exec(memory.source)?.[1];
  return `/memories?${new URLSearchParams({ ...(slug ? { project: slug } : {}), category: memory.category })}`;
}

/** The memory entry classified from this session: category, confidence, content, tags, source and a way to the vault. */
export function MemoryCard({ memory }: { memory: MemoryRow | null }) {
  if (!memory)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No memory entry was derived from this session.</p>;
  const tags = memory.tags.split(/\s+/).filter(Boolean);
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <CategoryBadge category={memory.category} />
        <span className="text-zinc-500 dark:text-zinc-400">
          confidence{" "}
          <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
            {formatPercent(memory.confidence)}
          </span>
        </span>
      </div>
      <p className="whitespace-pre-wrap wrap-anywhere">{memory.content}</p>
      {tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="min-w-0 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs wrap-anywhere text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Source <code className="font-mono break-all">{memory.source}</code>
      </p>
      <Link
        href={vaultHref(memory)}
        className="inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
      >
        See in Memories →
      </Link>
    </div>
  );
}
