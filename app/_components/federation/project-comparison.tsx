import Link from "next/link";
import type { ProjectSummary } from "@/lib/server/projects";
import type { ScoreSnapshot } from "@/lib/server/score";
import type { Grade } from "@/lib/score/score";
import { formatCount } from "@/lib/format";
import { SuccessValue } from "@/app/_components/success-value";
import { Table, Td, Th, Tr } from "@/app/_components/table";

export interface ProjectComparison {
  project: ProjectSummary;
  total: number;
  grade: Grade;
  history: ScoreSnapshot[];
}

const DAY_MS = 86_400_000;

/** The score a week ago: the latest snapshot at least 7 days old, else the oldest one before today; null when none. */
function weekAgo(history: ScoreSnapshot[], today: string): number | null {
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10);
  const older = history.filter((s) => s.day <= cutoff);
  if (older.length > 0) return older[older.length - 1]!.total;
  const first = history[0];
  return first && first.day < today ? first.total : null;
}

function Sparkline({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const w = 56;
  const h = 16;
  const step = w / (values.length - 1);
  const points = values
    .map((v, i) => `${(i * step).toFixed(1)},${(h - 1 - (Math.max(0, Math.min(100, v)) / 100) * (h - 2)).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      aria-hidden
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      className="hidden text-sky-600 sm:inline-block dark:text-sky-400"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

function Trend({ history, total }: { history: ScoreSnapshot[]; total: number }) {
  const today = history[history.length - 1]?.day ?? new Date().toISOString().slice(0, 10);
  const before = weekAgo(history, today);
  const spark = <Sparkline values={history.slice(-30).map((s) => s.total)} />;
  if (before === null) return <span className="text-xs text-zinc-400">new</span>;
  const delta = Math.round((total - before) * 10) / 10;
  const [mark, tone, label] =
    delta > 0
      ? ["▲", "text-emerald-700 dark:text-emerald-300", `up ${delta} since a week ago`]
      : delta < 0
        ? ["▼", "text-red-700 dark:text-red-300", `down ${-delta} since a week ago`]
        : ["=", "text-zinc-500 dark:text-zinc-400", "unchanged since a week ago"];
  return (
    <span className="inline-flex items-center justify-end gap-2" title={label}>
      {spark}
      <span className={`tabular-nums ${tone}`} aria-label={label}>
        {mark} {delta === 0 ? "" : Math.abs(delta)}
      </span>
    </span>
  );
}

const GRADE_TONE: Record<Grade, string> = {
  S: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  A: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  B: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  C: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  D: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  F: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/** Every project side by side: sessions, average success, intelligence score and grade, and its weekly trend. */
export function ProjectComparisonTable({ rows }: { rows: ProjectComparison[] }) {
  return (
    <Table caption="Projects side by side" framed={false}>
      <thead>
        <tr>
          <Th>Project</Th>
          <Th numeric>Sessions</Th>
          <Th numeric>Avg success</Th>
          <Th numeric>Score</Th>
          <Th numeric>7-day trend</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ project, total, grade, history }) => (
          <Tr key={project.id}>
            <Td className="max-w-[14rem] truncate">
              <Link
                href={`/projects/${project.slug}`}
                className="font-medium text-sky-700 hover:underline dark:text-sky-400"
              >
                {project.slug}
              </Link>
            </Td>
            <Td numeric>{formatCount(project.sessions)}</Td>
            <Td numeric>
              <SuccessValue score={project.avgSuccess} />
            </Td>
            <Td numeric>
              <span className="inline-flex items-center justify-end gap-2">
                <span className="tabular-nums">{Math.round(total)}</span>
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${GRADE_TONE[grade]}`}
                  aria-label={`grade ${grade}`}
                >
                  {grade}
                </span>
              </span>
            </Td>
            <Td numeric>
              <Trend history={history} total={total} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
