import type { PowerPanel } from "@/lib/experiment/outcome-contract";
import { powerItems, powerStatus } from "@/lib/experiment/wording";
import { TermList } from "@/app/_components/term-list";

/** How long until cost per session can be read: the smallest cut detectable today, and the sessions and days still needed. */
export function PowerSection({ power }: { power: PowerPanel }) {
  const items = powerItems(power);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">{powerStatus(power)}</p>
      <TermList items={items} />
    </div>
  );
}
