import type { AblationAnalysis } from "@/lib/ablation/analysis";
import { formatInterval, formatPoints, formatPValue } from "@/lib/format";
import { IntervalBar } from "../experiment/interval-bar";

/** The verdict in words: does the interval over tasks exclude zero, and which way (lib/ablation/analysis.ts decides). */
function verdict(analysis: AblationAnalysis): string {
  const p = analysis.paired;
  if (!p)
    return analysis.pooled
      ? "Too few tasks ran in both arms for a paired comparison; the pooled difference is below."
      : "Nothing to compare yet: each arm needs verified, judged runs.";
  const over = `${formatPoints(p.mean)} on average over ${p.tasks} tasks`;
  switch (analysis.verdict) {
    case "more":
      return `With guidance the agent completed more of these tasks: ${over}, and the 95% interval is above zero.`;
    case "fewer":
      return `With guidance the agent completed fewer of these tasks: ${over}, and the 95% interval is below zero.`;
    case "not significant":
      return `No verdict: ${over}, and the 95% interval excludes zero, but McNemar's exact test on the ${analysis.mcnemar.pairs} paired runs does not (${formatPValue(analysis.mcnemar.pValue)}).`;
    case "none":
      return `No difference shown: ${over}, and the 95% interval includes zero.`;
    default:
      return `No verdict: ${over}, but every task differed by the same amount, so the interval has no width and says nothing of how sure that is.`;
  }
}

/** How many runs the figures are over, and how many were left out as unverified. */
const verification = (a: AblationAnalysis) =>
  `Over ${a.verified} verified run${a.verified === 1 ? "" : "s"}${a.unverified > 0 ? `; ${a.unverified} left out as unverified (no transcript matching the run)` : ""}.`;

/** The guidance-minus-control difference, paired over tasks and pooled over runs, each with its interval. */
export function Difference({ analysis }: { analysis: AblationAnalysis }) {
  const p = analysis.paired;
  const o = analysis.pooled;
  const scale = Math.max(0.2, ...[p?.low, p?.high, o?.low, o?.high].map((x) => Math.abs(x ?? 0)));
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">{verdict(analysis)}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{verification(analysis)}</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {p && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Paired over {p.tasks} tasks</dt>
            <dd className="flex flex-wrap items-center gap-3 tabular-nums">
              <span className="font-medium">{formatPoints(p.mean)}</span>
              <span>95% CI {formatInterval(p.low, p.high)}</span>
              <span className="text-zinc-500 dark:text-zinc-400">sign-flip p {formatPValue(p.pValue)}</span>
              <IntervalBar
                low={p.low}
                high={p.high}
                estimate={p.mean}
                scale={scale}
                label={`Paired difference ${formatPoints(p.mean)}, 95% interval ${formatInterval(p.low, p.high)}`}
              />
            </dd>
          </>
        )}
        {analysis.mcnemar.pairs > 0 && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">McNemar, {analysis.mcnemar.pairs} paired runs</dt>
            <dd className="tabular-nums">
              {analysis.mcnemar.guidanceOnly} completed only with guidance, {analysis.mcnemar.noneOnly} only without ·
              exact {formatPValue(analysis.mcnemar.pValue)}
            </dd>
          </>
        )}
        {o && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Pooled over all judged runs</dt>
            <dd className="flex flex-wrap items-center gap-3 tabular-nums">
              <span className="font-medium">{formatPoints(o.estimate)}</span>
              <span>95% CI {formatInterval(o.low, o.high)}</span>
              <IntervalBar
                low={o.low}
                high={o.high}
                estimate={o.estimate}
                scale={scale}
                label={`Pooled difference ${formatPoints(o.estimate)}, 95% interval ${formatInterval(o.low, o.high)}`}
              />
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
