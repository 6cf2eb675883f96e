import type { ArmComparison, ExperimentReport } from "@/lib/experiment/contract";
import { armInterval, holdoutOffVerdict, powerSentence, successVerdict } from "@/lib/experiment/wording";
import { formatCount, formatInterval, formatPercent, formatPoints, formatPValue } from "@/lib/format";
import { Table, Td, Th, Tr } from "../table";
import { ArmChart } from "./arm-chart";
import { ARM_STYLE } from "./arms";
import { IntervalBar } from "./interval-bar";
import { armPoints, armsSummary, intervalScale } from "./view";

const STAT_LABEL = "text-xs text-zinc-500 dark:text-zinc-400";

function ArmsTable({ comparison }: { comparison: ArmComparison }) {
  return (
    <Table caption="Success per arm" framed={false}>
      <thead>
        <tr>
          <Th>Arm</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Mean success</Th>
          <Th numeric>SD</Th>
          <Th numeric>95% interval</Th>
        </tr>
      </thead>
      <tbody>
        {(["guidance", "holdout"] as const).map((key) => {
          const arm = comparison[key];
          const interval = armInterval(arm);
          return (
            <Tr key={key}>
              <Td className="whitespace-nowrap">
                <span
                  aria-hidden
                  className="mr-1.5 inline-block size-2.5 rounded-full align-middle"
                  style={{ background: ARM_STYLE[key].color }}
                />
                {ARM_STYLE[key].label}
              </Td>
              <Td numeric>{formatCount(arm.n)}</Td>
              <Td numeric>{formatPercent(arm.mean, 1)}</Td>
              <Td numeric>{formatPercent(arm.sd, 1)}</Td>
              <Td numeric>{interval ? `${formatPercent(interval.low, 1)}–${formatPercent(interval.high, 1)}` : "—"}</Td>
            </Tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function Difference({ comparison }: { comparison: ArmComparison }) {
  const interval = formatInterval(comparison.low, comparison.high, 1);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
      <div>
        <dt className={STAT_LABEL}>Difference (guidance − holdout)</dt>
        <dd className="text-base font-semibold tabular-nums">{formatPoints(comparison.difference, 1)}</dd>
      </div>
      <div>
        <dt className={STAT_LABEL}>95% interval (Welch)</dt>
        <dd className="flex flex-wrap items-center gap-x-2 tabular-nums">
          {interval}
          <IntervalBar
            low={comparison.low}
            high={comparison.high}
            estimate={comparison.difference}
            scale={intervalScale([comparison])}
            label={`Difference ${formatPoints(comparison.difference, 1)}, 95% interval ${interval}, drawn against zero`}
          />
        </dd>
      </div>
      <div>
        <dt className={STAT_LABEL}>p-value (two-sided)</dt>
        <dd className="tabular-nums">{formatPValue(comparison.pValue)}</dd>
      </div>
    </dl>
  );
}

/**
 * Success, guidance arm against holdout: each arm's n, mean, SD and interval; the difference with its Welch
 * 95% interval and p-value; what that means in words; the sessions still needed for a 10-point effect; a chart.
 */
export function SuccessSection({ report }: { report: ExperimentReport }) {
  const comparison = report.success;
  return (
    <div>
      {comparison && (
        <div className="border-b border-zinc-200 dark:border-zinc-800">
          <ArmsTable comparison={comparison} />
        </div>
      )}
      <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0 space-y-3">
          {comparison && <Difference comparison={comparison} />}
          {report.settings.holdoutShare === 0 ? (
            <p className="text-sm text-pretty">{holdoutOffVerdict(report.counts.linked)}</p>
          ) : (
            <>
              <p className="text-sm text-pretty">{successVerdict(comparison, report.counts.linked, report.power)}</p>
              <p className="text-sm text-pretty text-zinc-600 dark:text-zinc-400">{powerSentence(report.power)}</p>
            </>
          )}
        </div>
        {comparison && <ArmChart data={armPoints(comparison)} summary={armsSummary(comparison)} />}
      </div>
    </div>
  );
}
