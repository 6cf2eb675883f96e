import "server-only";
import { readConfig } from "@/lib/config";
import type { Db } from "@/db/client";
import { getProjectBySlug } from "@/db/queries/projects";
import { recordSnapshot, scoreHistory, scoreInput, type StoredSnapshot } from "@/db/queries/score";
import type { ProjectScope } from "@/db/queries/scope";
import {
  COMPONENT_KEYS,
  DAY_MS,
  GRADES,
  intelligenceScore,
  scoreWindows,
  type ComponentKey,
  type Grade,
  type IntelligenceReport,
} from "@/lib/score/score";
import { bestEffort } from "./best-effort";

export interface ScoreSnapshot {
  day: string;
  total: number;
  grade: Grade;
  components: Record<ComponentKey, number>;
  createdAt: number;
}

const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);

/** A stored snapshot with every component of the score (0 where it was not recorded) and a known grade ("F" if not). */
function snapshotOf(s: StoredSnapshot): ScoreSnapshot {
  const components = Object.fromEntries(COMPONENT_KEYS.map((k) => [k, num(s.components[k])])) as Record<
    ComponentKey,
    number
  >;
  const grade = (GRADES as readonly string[]).includes(s.grade) ? (s.grade as Grade) : "F";
  return { day: s.day, total: s.total, grade, components, createdAt: s.createdAt };
}

/** Days of snapshots returned with a score. */
const HISTORY_DAYS = 90;

export interface ScoreResult {
  report: IntelligenceReport;
  /** One snapshot per UTC day, oldest first, today's included; empty for a score over some projects only. */
  history: ScoreSnapshot[];
}

async function compute(db: Db, projectId: number | null, now: number): Promise<ScoreResult> {
  const report = intelligenceScore(
    await scoreInput(db, projectId, now, readConfig().memoryHalfLifeDays, scoreWindows(now)),
    now,
  );
  await bestEffort("recording today's score snapshot", () => recordSnapshot(db, projectId, report));
  return {
    report,
    history: (await scoreHistory(db, projectId, now - (HISTORY_DAYS - 1) * DAY_MS, now)).map(snapshotOf),
  };
}

/**
 * The project's intelligence report, recorded as today's snapshot (unless the database cannot be written, which
 * never fails the read), with its history; null for an unknown slug.
 */
export async function projectScore(db: Db, slug: string, now: number = Date.now()): Promise<ScoreResult | null> {
  const project = await getProjectBySlug(db, slug);
  return project ? compute(db, project.id, now) : null;
}

/** The whole instance's intelligence report (every project and global memory), recorded and with its history. */
export async function instanceScore(db: Db, now: number = Date.now()): Promise<ScoreResult> {
  return compute(db, null, now);
}

/**
 * The instance's report as the caller sees it: for one who may read every project, `instanceScore`; otherwise
 * computed over their projects and the global memories, and neither recorded nor with a history (snapshots
 * exist per project and for the whole instance only).
 */
export async function readableScore(db: Db, readable: ProjectScope, now: number = Date.now()): Promise<ScoreResult> {
  if (readable === "all") return instanceScore(db, now);
  return {
    report: intelligenceScore(
      await scoreInput(db, readable, now, readConfig().memoryHalfLifeDays, scoreWindows(now)),
      now,
    ),
    history: [],
  };
}
