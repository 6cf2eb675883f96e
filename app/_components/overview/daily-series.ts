/**
 * Daily points for the overview charts: every calendar day between the first and last, gaps as zero sessions, so a
 * line (success, its moving average) breaks where there is no data instead of joining across it.
 */

/**
 * Stands for the clicked day in a chart's link, e.g. `/projects/web-shop?from={day}&to={day}`. Lives here, not in
 * the client chart module, because a server component cannot read a constant exported from a client module.
 */
export const DAY_PLACEHOLDER = "{day}";

export interface DayPoint {
  day: string;
  sessions: number;
  /** Mean success 0..1 of the day's sessions; null on a day without sessions. */
  success: number | null;
  /** Mean success of the sessions in the 7 days ending with this one (weighted by sessions); null if none. */
  average: number | null;
  /** USD of the day's priced tokens; null on a day without tokens counted per model. */
  cost: number | null;
}

const DAY_MS = 86_400_000;
const WINDOW = 7;
/**
 * Beyond this many days the series keeps only days with sessions and, after each, the next day and the first day
 * its average no longer reaches (each with its own values), so a long history stays light and its lines still
 * break at every gap.
 */
const MAX_FILLED_DAYS = 1000;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function sparseDays(stats: readonly { day: string }[], last: number): string[] {
  const days = new Set<string>();
  for (const { day } of stats) {
    for (const offset of [0, 1, WINDOW]) {
      const ms = dayMs(day) + offset * DAY_MS;
      if (ms <= last) days.add(dayOf(ms));
    }
  }
  return [...days].sort();
}

export function dailySeries(
  stats: { day: string; sessions: number; successSum: number }[],
  costs: ReadonlyMap<string, number> = new Map(),
): DayPoint[] {
  if (stats.length === 0) return [];
  const byDay = new Map(stats.map((s) => [s.day, s]));
  const first = dayMs(stats[0]!.day);
  const last = dayMs(stats.at(-1)!.day);
  const span = Math.round((last - first) / DAY_MS) + 1;
  const days =
    span <= MAX_FILLED_DAYS
      ? Array.from({ length: span }, (_, i) => dayOf(first + i * DAY_MS))
      : sparseDays(stats, last);

  return days.map((day) => {
    const own = byDay.get(day);
    let sessions = 0;
    let sum = 0;
    const end = dayMs(day);
    for (let back = 0; back < WINDOW; back++) {
      const s = byDay.get(dayOf(end - back * DAY_MS));
      if (s) {
        sessions += s.sessions;
        sum += s.successSum;
      }
    }
    return {
      day,
      sessions: own?.sessions ?? 0,
      success: own && own.sessions > 0 ? own.successSum / own.sessions : null,
      average: sessions > 0 ? sum / sessions : null,
      cost: costs.get(day) ?? null,
    };
  });
}

/** Whether day labels need their year: the days span more than one year, or lie in a year other than `today`'s. */
export function daysNeedYear(days: readonly string[], today: string): boolean {
  const years = new Set(days.map((day) => day.slice(0, 4)));
  return years.size > 1 || (years.size === 1 && !years.has(today.slice(0, 4)));
}
