import type { SavingsPanel } from "@/lib/experiment/outcome-contract";
import { formatCompact, formatDuration, formatUsd } from "@/lib/format";
import { TermList } from "@/app/_components/term-list";

type Saved = SavingsPanel["saved"]["usdPerSession"];

const range = (s: Saved, format: (x: number) => string) =>
  s === null ? "— (too few sessions)" : `${format(s.estimate)} (95% CI ${format(s.low)} … ${format(s.high)})`;
const usd = (x: number) => (x < 0 ? `−${formatUsd(-x)}` : formatUsd(x));
const steps = (x: number) => x.toFixed(1);
const time = (x: number) => (x < 0 ? `−${formatDuration(-x)}` : formatDuration(x));

const VERDICT_CLASS: Record<SavingsPanel["verdict"], string> = {
  yes: "text-emerald-700 dark:text-emerald-300",
  no: "text-rose-700 dark:text-rose-300",
  "not yet known": "text-zinc-700 dark:text-zinc-300",
};

/** What the injected guidance costs against what it saves per session, and whether it pays for itself. */
export function SavingsSection({ savings }: { savings: SavingsPanel }) {
  const items: [string, string][] = [
    [
      "The guidance itself",
      savings.guidanceTokens === null
        ? "— (none delivered yet)"
        : `≈ ${formatCompact(savings.guidanceTokens)} tokens, ${savings.guidanceUsdPerSession === null ? "unpriced" : `${formatUsd(savings.guidanceUsdPerSession)} per session`}`,
    ],
    ["Injected this period", savings.injectedUsd === null ? "—" : formatUsd(savings.injectedUsd)],
    ["Spend saved per session", range(savings.saved.usdPerSession, usd)],
    ["Steps saved per session", range(savings.saved.stepsPerSession, steps)],
    ["Time saved per session", range(savings.saved.msPerSession, time)],
  ];
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">
        <span className="font-medium">Pays for itself: </span>
        <span className={`font-semibold ${VERDICT_CLASS[savings.verdict]}`}>{savings.verdict}</span>. {savings.reason}
      </p>
      <TermList items={items} />
      <p className="text-xs text-pretty text-zinc-500 dark:text-zinc-400">
        Saved: the holdout&apos;s mean minus the guidance arm&apos;s (positive: guidance saves), Welch 95% intervals. The guidance arm&apos;s spend
        already includes reading the guidance, so it pays for itself when that arm&apos;s cost per session is lower, with the interval below no
        difference, once the experiment is powered.
      </p>
    </div>
  );
}
