import Link from "next/link";
import type { GenerationDiff } from "../rules/types";
import { ruleHref } from "../rules/view";

function KeyList({
  slug,
  title,
  keys,
  tone,
  link,
}: {
  slug: string;
  title: string;
  keys: string[];
  tone: string;
  link: boolean;
}) {
  if (keys.length === 0) return null;
  return (
    <div>
      <h3 className={`text-xs font-medium ${tone}`}>
        {title} ({keys.length})
      </h3>
      <ul className="mt-1 space-y-0.5 font-mono text-xs">
        {keys.map((key) => (
          <li key={key} className="break-all">
            {link ? (
              <Link href={ruleHref(slug, key)} className="hover:underline">
                {key}
              </Link>
            ) : (
              key
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What changed since the previous generation: rules added, removed and changed (by key). */
export function GenerationDiffView({
  slug,
  generation,
  diff,
}: {
  slug: string;
  generation: number | null;
  diff: GenerationDiff | null;
}) {
  if (generation == null) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No generation stored yet.</p>;
  if (!diff || diff.previous == null)
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        Generation {generation} is the first: nothing to compare with.
      </p>
    );
  const total = diff.added.length + diff.removed.length + diff.changed.length;
  if (total === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">Same rules as generation {diff.previous}.</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Since generation {diff.previous}:</p>
      <KeyList slug={slug} title="Added" keys={diff.added} tone="text-emerald-700 dark:text-emerald-300" link />
      <KeyList slug={slug} title="Changed" keys={diff.changed} tone="text-amber-700 dark:text-amber-300" link />
      <KeyList slug={slug} title="Removed" keys={diff.removed} tone="text-red-700 dark:text-red-300" link={false} />
    </div>
  );
}
