import "server-only";
import { readConfig } from "@/lib/config";
import { getDb, type Db } from "@/db/client";
import { getProjectBySlug } from "@/db/queries/projects";
import { recordSnapshot, scoreHistory, scoreInput, type ScoreSnapshot } from "@/db/queries/score";
import type { ProjectScope } from "@/db/queries/scope";
import { intelligenceScore, type IntelligenceReport } from "@/lib/score/score";
import { bestEffort } from "./best-effort";

export type { ScoreSnapshot };

/** Days of snapshots returned with a score. */
const HISTORY_DAYS = 90;

export interface ScoreResult {
  report: IntelligenceReport;
  /** One snapshot per UTC day, oldest first, today's included; empty for a score over some projects only. */
  history: ScoreSnapshot[];
}

async function compute(projectId: number | null, now: number, db: Db): Promise<ScoreResult> {
  const report = intelligenceScore(await scoreInput(projectId, now, readConfig().memoryHalfLifeDays, db), now);
  await bestEffort("recording today's score snapshot", () => recordSnapshot(projectId, report, db));
  return { report, history: await scoreHistory(projectId, HISTORY_DAYS, now, db) };
}

/**
 * The project's intelligence report, recorded as today's snapshot (unless the database cannot be written, which
 * never fails the read), with its history; null for an unknown slug.
 */
export async function projectScore(
  slug: string,
  now: number = Date.now(),
  db: Db = getDb(),
): Promise<ScoreResult | null> {
  const project = await getProjectBySlug(slug, db);
  return project ? compute(project.id, now, db) : null;
}

/** The whole instance's intelligence report (every project and global memory), recorded and with its history. */
export async function instanceScore(now: number = Date.now(), db: Db = getDb()): Promise<ScoreResult> {
  return compute(null, now, db);
}

/**
 * The instance's report as the caller sees it: for one who may read every project, `instanceScore`; otherwise
 * computed over their projects and the global memories, and neither recorded nor with a history (snapshots
 * exist per project and for the whole instance only).
 */
export async function readableScore(
  readable: ProjectScope,
  now: number = Date.now(),
  db: Db = getDb(),
): Promise<ScoreResult> {
  if (readable === "all") return instanceScore(now, db);
  return {
    report: intelligenceScore(await scoreInput(readable, now, readConfig().memoryHalfLifeDays, db), now),
    history: [],
  };
}
