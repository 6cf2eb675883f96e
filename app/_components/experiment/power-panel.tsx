import type { PowerPanel } from "@/lib/experiment/outcome-contract";
import { formatCount, formatPercent } from "@/lib/format";
import { TermList } from "@/app/_components/term-list";

/** How long until cost per session can be read: the smallest cut detectable today, and the sessions and days still needed. */
export function PowerSection({ power }: { power: PowerPanel }) {
  const items: [string, string][] = [
    ["Priced sessions", `${formatCount(power.guidance)} guidance · ${formatCount(power.holdout)} holdout`],
    ["Smallest cut detectable today", power.detectableCut === null ? "— (an arm has no priced session)" : `${formatPercent(power.detectableCut)} less cost per session`],
    ["Planned for", `a ${formatPercent(power.plannedCut)} cut, 80% power, α = 0.05`],
    ["Sessions needed in all", power.neededTotal === null ? "— (holdout off)" : formatCount(power.neededTotal)],
    ["Still needed", power.more === null ? "—" : `${formatCount(power.more)}${power.days === null ? "" : ` (≈ ${formatCount(power.days)} days at ${power.perDay!.toFixed(1)} a day)`}`],
    ["Spread used", `CV ${power.cv.toFixed(2)} (${power.cvObserved ? "observed" : "assumed until 10 priced sessions"})`],
  ];
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">
        {power.powered
          ? "The experiment has the sessions it planned for: its readings are findings."
          : "Underpowered: the intervals are shown, but no reading is a finding yet."}
      </p>
      <TermList items={items} />
    </div>
  );
}
