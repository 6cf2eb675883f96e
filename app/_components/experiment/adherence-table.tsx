import type { Rate, RuleAdherence } from "@/lib/experiment/contract";
import { formatCount, formatInterval, formatPercent, formatPoints } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { IntervalBar } from "./interval-bar";
import { adherenceSummary, intervalScale } from "./view";

const MUTED = "text-xs text-zinc-500 dark:text-zinc-400";

function RateCell({ rate }: { rate: Rate }) {
  if (rate.eligible === 0 || rate.rate == null)
    return (
      <Td numeric className={MUTED}>
        nobody eligible
      </Td>
    );
  return (
    <Td numeric>
      {formatPercent(rate.rate)}
      <span className={`block ${MUTED}`}>
        {formatCount(rate.followed)} of {formatCount(rate.eligible)}
      </span>
    </Td>
  );
}

/** What the two sides are called: the holdout's, unless the page compares other arms (an ablation's). */
export interface ArmLabels {
  given: string;
  held: string;
}

const HOLDOUT_LABELS: ArmLabels = { given: "Given the rule", held: "Holdout" };

/** Which side had nobody eligible, for a row with no difference. */
function missingSide(row: RuleAdherence, labels: ArmLabels): string {
  const given = row.given.eligible === 0;
  const holdout = row.holdout.eligible === 0;
  if (given && holdout) return "Nobody eligible in either arm yet";
  return `Nobody eligible yet in “${given ? labels.given : labels.held}”`;
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Did the agent do what it was told? For each measured rule: the behaviour's rate in sessions given the rule
 * and in the holdout, and their difference with a Newcombe 95% interval drawn on a scale all rows share.
 */
export function AdherenceTable({ rows, armLabels = HOLDOUT_LABELS }: { rows: RuleAdherence[]; armLabels?: ArmLabels }) {
  const scale = intervalScale(rows);
  return (
    <Table caption="Rule adherence: sessions given the rule against the holdout" framed={false}>
      <thead>
        <tr>
          <Th>Behaviour the rule asks for</Th>
          <Th numeric>{armLabels.given}</Th>
          <Th numeric>{armLabels.held}</Th>
          <Th numeric>Difference</Th>
          <Th numeric>95% interval</Th>
          <Th className="relative">
            <span className="sr-only">Interval against zero</span>
            <span aria-hidden>
              −{Math.round(scale * 100)} · 0 · +{Math.round(scale * 100)} pp
            </span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Tr key={row.key}>
            <Td className="min-w-40">
              {sentenceCase(row.behaviour)}
              <span className={`block font-mono ${MUTED}`}>{row.key}</span>
            </Td>
            <RateCell rate={row.given} />
            <RateCell rate={row.holdout} />
            {row.difference == null || row.low == null || row.high == null ? (
              <Td colSpan={3} className={`text-right ${MUTED}`}>
                {missingSide(row, armLabels)}
              </Td>
            ) : (
              <>
                <Td numeric>{formatPoints(row.difference)}</Td>
                <Td numeric>{formatInterval(row.low, row.high)}</Td>
                <Td>
                  <IntervalBar
                    low={row.low}
                    high={row.high}
                    estimate={row.difference}
                    scale={scale}
                    label={adherenceSummary(row)}
                  />
                </Td>
              </>
            )}
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
