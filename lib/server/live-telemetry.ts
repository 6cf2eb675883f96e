import "server-only";
import { liveEventRows, liveMetricCost } from "@/db/queries/otel";
import { liveRows, type LiveRow } from "@/lib/otlp/live";
import type { Db } from "@/db/client";

/** How far back the live panel looks: a working day, so yesterday's unfinished sessions drop off on their own. */
export const LIVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Per project and person, the telemetry of sessions whose transcript has not arrived, received within the window. */
export async function liveTelemetry(db: Db, projectIds: readonly number[], now: number): Promise<LiveRow[]> {
  const since = now - LIVE_WINDOW_MS;
  const [events, metrics] = await Promise.all([
    liveEventRows(db, projectIds, since),
    liveMetricCost(db, projectIds, since),
  ]);
  return liveRows(events, metrics);
}
