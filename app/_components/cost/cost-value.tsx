import type { Cost } from "@/lib/cost/cost";
import { formatUsd } from "@/lib/format";

const modelName = (model: string) => (model === "" ? "an unnamed model" : model);

/**
 * A cost as people read it: dollars; "no price" when a model that used tokens is missing from the price table (the
 * priced part, when there is one, shown as a lower bound, and the models named on hover) — never a guess.
 */
export function CostValue({ cost }: { cost: Cost }) {
  if (cost.usd !== null) return <span className="tabular-nums">{formatUsd(cost.usd)}</span>;
  const names = cost.unpriced.map(modelName).join(", ");
  return (
    <span title={`No price in the table for ${names}`} className="text-zinc-500 dark:text-zinc-400">
      {cost.pricedUsd > 0 ? <span className="tabular-nums">≥ {formatUsd(cost.pricedUsd)} · </span> : null}
      no price <span className="text-xs">({names})</span>
    </span>
  );
}
