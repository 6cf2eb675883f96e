import type { IntelligenceReport } from "@/lib/score/score";
import { formatCount } from "@/lib/format";

const GRADE_TONE: Record<string, string> = {
  S: "text-amber-600 dark:text-amber-300",
  A: "text-emerald-700 dark:text-emerald-300",
  B: "text-emerald-700 dark:text-emerald-300",
  C: "text-zinc-700 dark:text-zinc-200",
  D: "text-red-700 dark:text-red-300",
  F: "text-red-700 dark:text-red-300",
};

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The intelligence score: total and grade, then one bar per component with the details behind it. */
export function ScorePanel({ report }: { report: IntelligenceReport }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-8">
      <div className="flex items-baseline gap-3 sm:flex-col sm:items-start sm:gap-0">
        <span className="text-4xl font-semibold tabular-nums" data-testid="score-total">
          {points(report.total)}
          <span className="text-base font-normal text-zinc-400"> / 100</span>
        </span>
        <span className={`text-lg font-semibold ${GRADE_TONE[report.grade] ?? ""}`}>Grade {report.grade}</span>
      </div>
      <ul className="grid flex-1 gap-3 sm:grid-cols-2">
        {report.components.map((c) => (
          <li key={c.key}>
            <details className="group">
              <summary className="cursor-pointer list-none">
                <span className="flex items-baseline justify-between text-sm">
                  <span>
                    {c.label}
                    <span aria-hidden className="ml-1 text-xs text-zinc-400 group-open:hidden">
                      ▸
                    </span>
                    <span aria-hidden className="ml-1 hidden text-xs text-zinc-400 group-open:inline">
                      ▾
                    </span>
                  </span>
                  <span className="tabular-nums text-zinc-500 dark:text-zinc-400">
                    {points(c.points)} / {c.max}
                  </span>
                </span>
                <span
                  role="meter"
                  aria-label={c.label}
                  aria-valuemin={0}
                  aria-valuemax={c.max}
                  aria-valuenow={c.points}
                  className="mt-1 block h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
                >
                  <span
                    className="block h-full rounded-full bg-amber-500 dark:bg-amber-400"
                    style={{ width: `${Math.min(1, c.points / c.max) * 100}%` }}
                  />
                </span>
              </summary>
              <table className="mt-2 w-full text-xs text-zinc-500 dark:text-zinc-400">
                <tbody>
                  {c.details.map((d) => (
                    <tr key={d.label}>
                      <td className="py-0.5">{d.label}</td>
                      <td className="py-0.5 text-right tabular-nums">
                        {Number.isInteger(d.value) ? formatCount(d.value) : d.value.toFixed(2)}
                      </td>
                      <td className="py-0.5 pl-3 text-right tabular-nums">{points(d.points)} pts</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
