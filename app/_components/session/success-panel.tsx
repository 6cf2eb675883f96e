import type { SessionDetail } from "@/lib/server/sessions";
import { formatDateTime, formatPercent } from "@/lib/format";
import { SuccessValue } from "../success-value";
import { OutcomeControl } from "./outcome-control";

const SOURCE_TEXT: Record<string, string> = {
  reported: "reported by the source",
  heuristic: "estimated from the session's signals",
  override: "set by hand",
};

/**
 * The success score, how it was obtained, the signals behind a heuristic score, and the source's critique; with
 * the controls to judge the outcome when the viewer may (`mayJudge`: the project's members and owners).
 */
export function SuccessPanel({ session: s, mayJudge }: { session: SessionDetail["session"]; mayJudge: boolean }) {
  const signals = s.successSignals ?? [];
  const overridden = s.overriddenAt !== null && s.originalScore !== null;
  return (
    <div className="space-y-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-2xl font-semibold">
          <SuccessValue score={s.successScore} />
        </span>
        <span className="text-zinc-500 dark:text-zinc-400">{SOURCE_TEXT[s.successSource] ?? s.successSource}</span>
      </p>
      {overridden && (
        <p className="text-zinc-600 dark:text-zinc-300">
          Judged {s.successScore >= 0.5 ? "succeeded" : "failed"} by hand on {formatDateTime(s.overriddenAt!)}; the{" "}
          {s.originalSource === "heuristic" ? "estimate" : "reported score"} was{" "}
          <SuccessValue score={s.originalScore!} />.
        </p>
      )}
      {mayJudge && (
        <OutcomeControl
          sessionId={s.id}
          current={overridden ? (s.successScore >= 0.5 ? "succeeded" : "failed") : null}
        />
      )}
      {signals.length > 0 && (
        <h3 className="pt-1 text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">
          How the estimate was reached
        </h3>
      )}
      {signals.length > 0 && (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {signals.map((signal, i) => (
            <li key={`${signal.name}-${i}`} className="flex items-baseline justify-between gap-3 py-1.5">
              <span>
                <span className="font-medium">{signal.name}</span>
                {signal.detail && <span className="ml-2 text-zinc-500 dark:text-zinc-400">{signal.detail}</span>}
              </span>
              <span
                className={`tabular-nums ${signal.delta < 0 ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}
              >
                {signal.delta >= 0 ? "+" : "−"}
                {formatPercent(Math.abs(signal.delta), 1)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {s.critique && (
        <blockquote className="border-l-2 border-zinc-300 pl-3 whitespace-pre-wrap wrap-anywhere text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">
          {s.critique}
        </blockquote>
      )}
    </div>
  );
}
