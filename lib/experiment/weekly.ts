/**
 * The experiment over time: linked sessions bucketed by the ISO week (Monday, UTC) their session started
 * in, with success per arm and pooled adherence per arm. Weeks without sessions between the first and the
 * last are kept (n 0), so a chart's time axis stays even.
 */
import { adherenceRate } from "@/lib/experiment/adherence";
import type { WeekPoint } from "@/lib/experiment/contract";
import type { LinkedSession } from "@/lib/experiment/linked";
import { mean } from "@/lib/learn/stats";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Midnight UTC of the Monday starting the ISO week that contains `ms`. */
export function weekStart(ms: number): number {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - sinceMonday * DAY_MS;
}

/** The ISO 8601 week of `ms` (UTC), e.g. "2026-W01"; its year is the year of the week's Thursday. */
export function isoWeek(ms: number): string {
  const thursday = new Date(weekStart(ms) + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const dayOfYear = (thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS;
  const week = Math.floor(dayOfYear / 7) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

function armPoint(sessions: readonly LinkedSession[]): { n: number; mean: number | null } {
  return { n: sessions.length, mean: sessions.length > 0 ? mean(sessions.map((s) => s.outcome.success)) : null };
}

export function weeklySeries(linked: readonly LinkedSession[]): WeekPoint[] {
  if (linked.length === 0) return [];
  const byWeek = new Map<number, LinkedSession[]>();
  for (const s of linked) {
    const start = weekStart(s.outcome.startedAt);
    const week = byWeek.get(start);
    if (week) week.push(s);
    else byWeek.set(start, [s]);
  }
  const starts = [...byWeek.keys()];
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  const points: WeekPoint[] = [];
  for (let start = first; start <= last; start += WEEK_MS) {
    const week = byWeek.get(start) ?? [];
    const guidance = week.filter((s) => s.arm === "guidance");
    const holdout = week.filter((s) => s.arm === "holdout");
    points.push({
      week: isoWeek(start),
      guidance: armPoint(guidance),
      holdout: armPoint(holdout),
      adherenceGiven: adherenceRate(guidance).rate,
      adherenceHoldout: adherenceRate(holdout).rate,
    });
  }
  return points;
}
