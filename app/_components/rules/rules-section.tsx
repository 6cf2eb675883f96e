import { RuleCard } from "./rule-card";
import type { RuleEntry } from "./types";

/** A titled list of rule cards, with a sentence on what puts a rule here. */
export function RulesSection({
  slug,
  id,
  title,
  note,
  entries,
  collapsed = false,
}: {
  slug: string;
  id: string;
  title: string;
  note: string;
  entries: RuleEntry[];
  /** Behind a disclosure that starts closed (for long lists of weaker rules). */
  collapsed?: boolean;
}) {
  if (entries.length === 0) return null;
  if (collapsed)
    return (
      <section aria-labelledby={`${id}-title`}>
        <details className="group">
          <summary className="cursor-pointer list-none rounded-md [&::-webkit-details-marker]:hidden">
            <h2 id={`${id}-title`} className="inline text-base font-semibold">
              <span aria-hidden className="mr-1 inline-block transition-transform group-open:rotate-90">
                ▸
              </span>
              {title}{" "}
              <span className="font-normal text-zinc-500 tabular-nums dark:text-zinc-400">({entries.length})</span>
            </h2>
            <span className="block text-sm text-zinc-500 dark:text-zinc-400">{note}</span>
          </summary>
          <div className="mt-3 space-y-3">
            {entries.map((entry) => (
              <RuleCard key={entry.rule.key} slug={slug} entry={entry} />
            ))}
          </div>
        </details>
      </section>
    );
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title} <span className="font-normal text-zinc-500 tabular-nums dark:text-zinc-400">({entries.length})</span>
        </h2>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{note}</p>
      </div>
      {entries.map((entry) => (
        <RuleCard key={entry.rule.key} slug={slug} entry={entry} />
      ))}
    </section>
  );
}
