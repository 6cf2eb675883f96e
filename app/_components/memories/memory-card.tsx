import Link from "next/link";
import type { MemoryHit, MemorySearch } from "@/lib/memory/contract";
import { formatDate, isoOrUndefined } from "@/lib/format";
import { CategoryBadge } from "../category-badge";
import { HighlightedText } from "./highlighted-text";
import { MemoryActions } from "./memory-actions";
import { MemoryConfidence } from "./memory-confidence";
import { mayCurate, type Curation } from "./curation";
import { MemoryOrigin } from "./memory-origin";
import { memoriesHref } from "./memories-href";

/** Changes within this long of its creation are part of making it, not an update worth a date. */
const UPDATE_GAP_MS = 3_600_000;

function Day({ label, ms }: { label: string; ms: number }) {
  return (
    <span>
      {label} <time dateTime={isoOrUndefined(ms)}>{formatDate(ms)}</time>
    </span>
  );
}

/** One search result: category, highlighted snippet, confidence and its decay, tags, project, dates, origin; curation where the viewer may. */
export function MemoryCard({
  memory,
  search,
  halfLifeDays,
  curation,
}: {
  memory: MemoryHit;
  search: MemorySearch;
  halfLifeDays: number;
  curation: Curation;
}) {
  const edited = memory.updatedAt - memory.createdAt > UPDATE_GAP_MS;
  const byHand = memory.sessionId == null && memory.patternId == null;
  return (
    <article className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <CategoryBadge category={memory.category} />
          {memory.pinned && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
              Pinned
            </span>
          )}
        </div>
        {mayCurate(curation, memory.project) && <MemoryActions memory={memory} curation={curation} />}
      </div>
      <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap">
        <HighlightedText snippet={memory.snippet} />
      </p>
      <div className="mt-3">
        <MemoryConfidence memory={memory} halfLifeDays={halfLifeDays} />
      </div>
      {memory.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {memory.tags.map((tag) => (
            <li key={tag}>
              <Link
                href={memoriesHref(search, { tag })}
                aria-current={search.tag === tag ? "true" : undefined}
                title={`Only memories tagged ${tag}`}
                className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 hover:bg-zinc-200 aria-[current=true]:bg-sky-100 aria-[current=true]:text-sky-800 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700 dark:aria-[current=true]:bg-sky-400/15 dark:aria-[current=true]:text-sky-200"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-x-3 gap-y-1 border-t border-zinc-100 pt-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <MemoryOrigin memory={memory} />
        {memory.project ? (
          <Link
            href={memoriesHref(search, { project: memory.project })}
            className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100"
          >
            {memory.project}
          </Link>
        ) : (
          <span>all projects</span>
        )}
        <Day label={byHand ? "added" : "learned"} ms={memory.createdAt} />
        {edited && <Day label="updated" ms={memory.updatedAt} />}
        {memory.reinforcedAt != null && <Day label="reinforced" ms={memory.reinforcedAt} />}
      </div>
    </article>
  );
}
