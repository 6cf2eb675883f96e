import type { PowerPanel } from "@/lib/experiment/outcome-contract";
import { powerItems, powerStatus } from "@/lib/experiment/wording";

/** How long until cost per session can be read: the smallest cut detectable today, and the sessions and days still needed. */
export function PowerSection({ power }: { power: PowerPanel }) {
  const items = powerItems(power);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">{powerStatus(power)}</p>
      <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
        {items.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
