import type { SessionDetail } from "@/db/queries/sessions";
import { formatPercent } from "@/lib/format";
import { SuccessValue } from "../success-value";

const SOURCE_TEXT: Record<string, string> = {
  reported: "reported by the source",
  heuristic: "estimated from the session's signals",
  override: "set by hand",
};

/** The success score, how it was obtained, the signals behind a heuristic score, and the source's critique. */
export function SuccessPanel({ session: s }: { session: SessionDetail["session"] }) {
  const signals = s.successSignals ?? [];
  return (
    <div className="space-y-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-2xl font-semibold">
          <SuccessValue score={s.successScore} />
        </span>
        <span className="text-zinc-500 dark:text-zinc-400">{SOURCE_TEXT[s.successSource] ?? s.successSource}</span>
      </p>
      {signals.length > 0 && (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {signals.map((signal, i) => (
            <li key={`${signal.name}-${i}`} className="flex items-baseline justify-between gap-3 py-1.5">
              <span>
                <span className="font-medium">{signal.name}</span>
                {signal.detail && <span className="ml-2 text-zinc-500 dark:text-zinc-400">{signal.detail}</span>}
              </span>
              <span className={`tabular-nums ${signal.delta < 0 ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}>
                {signal.delta >= 0 ? "+" : "−"}
                {formatPercent(Math.abs(signal.delta), 1)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {s.critique && (
        <blockquote className="border-l-2 border-zinc-300 pl-3 whitespace-pre-wrap text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">
          {s.critique}
        </blockquote>
      )}
    </div>
  );
}
