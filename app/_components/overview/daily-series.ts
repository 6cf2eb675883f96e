/** Daily points for the overview charts: every calendar day between the first and last, gaps as zero sessions. */

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
/** Beyond this many days the series keeps only days with sessions, so a long history stays light. */
const MAX_FILLED_DAYS = 1000;

export function dailySeries(stats: { day: string; sessions: number; successSum: number }[], costs: ReadonlyMap<string, number> = new Map()): DayPoint[] {
  if (stats.length === 0) return [];
  const byDay = new Map(stats.map((s) => [s.day, s]));
  const first = Date.parse(`${stats[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${stats.at(-1)!.day}T00:00:00Z`);
  const span = Math.round((last - first) / DAY_MS) + 1;
  const days =
    span <= MAX_FILLED_DAYS ? Array.from({ length: span }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10)) : stats.map((s) => s.day);

  return days.map((day) => {
    const own = byDay.get(day);
    let sessions = 0;
    let sum = 0;
    const end = Date.parse(`${day}T00:00:00Z`);
    for (let back = 0; back < WINDOW; back++) {
      const s = byDay.get(new Date(end - back * DAY_MS).toISOString().slice(0, 10));
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
