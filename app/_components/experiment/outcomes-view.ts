import type { OutcomeComparison, OutcomeUnit } from "@/lib/experiment/outcome-contract";
import { formatCompact, formatDuration, formatPercent, formatUsd, MISSING } from "@/lib/format";

/** An arm's mean of an outcome in its unit. */
export function formatOutcomeValue(unit: OutcomeUnit, value: number | null): string {
  if (value === null) return MISSING;
  switch (unit) {
    case "usd":
      return formatUsd(value);
    case "tokens":
      return formatCompact(value);
    case "ms":
      return formatDuration(value);
    case "share":
      return formatPercent(value);
    case "score":
      return value.toFixed(2);
    default:
      return value.toFixed(1);
  }
}

const signedPercent = (x: number) => `${x >= 0 ? "+" : "−"}${formatPercent(Math.abs(x))}`;
const signed = (unit: OutcomeUnit, x: number) =>
  unit === "share" ? `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 100))} pp` : `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(unit === "score" ? 2 : 1)}`;

/** The change alone, compact for a table cell ("−20%", "+0.4"); "—" without an estimate. */
export function formatChange(o: OutcomeComparison): string {
  if (o.estimate === null) return MISSING;
  return o.method === "ratio" ? signedPercent(o.estimate - 1) : signed(o.unit, o.estimate);
}

/**
 * The comparison in words: a ratio as the change in percent ("−20% (95% CI −31% … −8%)"), a difference in the
 * outcome's unit; "—" until each arm has two sessions with the outcome.
 */
export function formatComparison(o: OutcomeComparison): string {
  if (o.estimate === null || o.low === null || o.high === null) return MISSING;
  if (o.method === "ratio") return `${signedPercent(o.estimate - 1)} (95% CI ${signedPercent(o.low - 1)} … ${signedPercent(o.high - 1)})`;
  return `${signed(o.unit, o.estimate)} (95% CI ${signed(o.unit, o.low)} … ${signed(o.unit, o.high)})`;
}
