import { CRITIQUES, PROFILES, type DomainProfile } from "@/test/factories/generate/acos-profiles";
import { createRandom, type Random } from "@/test/factories/generate/random";

export { generateAcosPatterns } from "@/test/factories/generate/acos-patterns";

/**
 * Seeded, realistic ACOS data (docs/formats.md#acos-trajectories) for tests, `npm run demo` and the benchmark.
 * Same options → identical output.
 */

/** Success shifts planted on purpose, so analyses can be checked against a known truth. */
interface PlantedEffects {
  /** Added to sessions that delegated to sub-agents (Task/Agent calls). */
  delegationBoost?: number;
  /** Subtracted from marathon sessions (> 50 operations). */
  marathonPenalty?: number;
  /** Subtracted from scattered sessions (> 10 files modified). */
  scatteredPenalty?: number;
}

export interface GenerateOptions {
  seed: number;
  count: number;
  /** Epoch ms of the first session; default 2026-10-01T00:00:00Z. */
  start?: number;
  /** Days the sessions are spread over; default 30. */
  spanDays?: number;
  effects?: PlantedEffects;
  /** Prepended to every id (`<prefix>-traj_<ms>_<rand4>`), so projects' ids don't collide. */
  idPrefix?: string;
}

/** A session file as the ACOS Stop hook writes it. */
export type AcosTrajectoryRecord = {
  id: string;
  sessionId: string;
  source: string;
  startedAt: string;
  promptCount: number;
  toolCount: number;
  filesModified: string[];
  type: string;
  task: string | null;
  completedAt: string;
  duration: number;
  operationCount: number;
  successScore: number;
  toolBreakdown: Record<string, number>;
  critique: string | null;
  evidenceStatus?: "sufficient" | "insufficient";
  eligibleForLearning?: boolean;
  evidenceReasons?: string[];
};

export const DEFAULT_START = Date.UTC(2026, 9, 1);
const DAY = 24 * 60 * 60 * 1000;
const EDIT_TOOLS = ["Edit", "Write", "MultiEdit"];
const DOMAINS = PROFILES.map((p) => [p, p.weight] as const);

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** 3–120, most sessions short. */
function operationCount(rng: Random): number {
  return 3 + Math.floor(117 * rng.next() ** 2.2);
}

function breakdown(rng: Random, profile: DomainProfile, ops: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < ops; i++) {
    const tool = rng.weighted(profile.tools);
    counts[tool] = (counts[tool] ?? 0) + 1;
  }
  return counts;
}

/** Complex sessions sometimes hand one call's work to a sub-agent: it becomes a Task call. */
function delegateOne(tools: Record<string, number>): void {
  const donor = Object.keys(tools).find((tool) => tool !== "Task" && (tools[tool] ?? 0) > 1);
  if (donor === undefined) return;
  tools[donor] = (tools[donor] ?? 0) - 1;
  tools.Task = (tools.Task ?? 0) + 1;
}

/** Distinct modified files: at most one per edit call and at most 20, from the domain's usual places. */
function files(rng: Random, profile: DomainProfile, edits: number): string[] {
  const wanted = Math.min(20, edits, rng.int(0, Math.ceil(edits * 0.7)) + (edits > 0 ? 1 : 0));
  const out = new Set<string>();
  for (let attempt = 0; out.size < wanted && attempt < wanted * 6; attempt++) {
    const dir = rng.pick(profile.dirs);
    const file =
      profile.extras.length > 0 && rng.chance(0.12)
        ? rng.pick(profile.extras)
        : `${dir === "" ? "" : `${dir}/`}${rng.pick(profile.names)}`;
    out.add(file);
  }
  return [...out];
}

function uuid(rng: Random): string {
  const hex = () => rng.int(0, 0xffff).toString(16).padStart(4, "0");
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

/** The ACOS heuristic (docs/formats.md#acos-trajectories) plus noise, occasional trouble and the planted effects. */
function score(
  rng: Random,
  profile: DomainProfile,
  ops: number,
  fileCount: number,
  delegated: boolean,
  effects: PlantedEffects,
): number {
  let s = 0.5;
  if (rng.chance(profile.push)) s += 0.15;
  if (rng.chance(profile.commit)) s += 0.1;
  s += Math.min(0.15, 0.02 * fileCount);
  if (ops > 20) s += 0.1;
  if (ops > 50) s += 0.05;
  if (rng.chance(profile.tsc)) s += 0.05;
  s += rng.normal() * 0.08;
  if (rng.chance(0.18)) s -= 0.2 + rng.next() * 0.2;
  if (delegated) s += effects.delegationBoost ?? 0;
  if (ops > 50) s -= effects.marathonPenalty ?? 0;
  if (fileCount > 10) s -= effects.scatteredPenalty ?? 0;
  return Math.round(clamp(s, 0.1, 1) * 1000) / 1000;
}

function critique(rng: Random, s: number): string | null {
  if (rng.chance(0.1)) return null;
  return rng.pick(s >= 0.8 ? CRITIQUES.good : s > 0.5 ? CRITIQUES.mixed : CRITIQUES.poor);
}

export function generateAcosTrajectories(opts: GenerateOptions): AcosTrajectoryRecord[] {
  const rng = createRandom(opts.seed);
  const start = opts.start ?? DEFAULT_START;
  const step = ((opts.spanDays ?? 30) * DAY) / Math.max(1, opts.count);
  const prefix = opts.idPrefix ? `${opts.idPrefix}-` : "";
  const effects = opts.effects ?? {};
  const records: AcosTrajectoryRecord[] = [];
  let previous = -1;

  for (let i = 0; i < opts.count; i++) {
    const profile = rng.weighted(DOMAINS);
    const ops = operationCount(rng);
    const tools = breakdown(rng, profile, ops);
    if (ops > 20 && rng.chance(0.25)) delegateOne(tools);
    const toolTotal = Object.values(tools).reduce((a, b) => a + b, 0);
    const edits = EDIT_TOOLS.reduce((sum, tool) => sum + (tools[tool] ?? 0), 0);
    const modified = files(rng, profile, edits);
    const delegated = (tools.Task ?? 0) + (tools.Agent ?? 0) > 0;
    const successScore = score(rng, profile, toolTotal, modified.length, delegated, effects);
    const startedAt = Math.max(previous + 1, Math.floor(start + (i + rng.next() * 0.9) * step));
    previous = startedAt;
    const duration = toolTotal * rng.int(6_000, 45_000) + rng.int(10_000, 120_000);
    const record: AcosTrajectoryRecord = {
      id: `${prefix}traj_${startedAt}_${rng.token(4)}`,
      sessionId: uuid(rng),
      source: rng.weighted([
        ["startup", 70],
        ["resume", 15],
        ["clear", 10],
        ["compact", 5],
      ] as const),
      startedAt: new Date(startedAt).toISOString(),
      promptCount: rng.int(1, Math.max(1, Math.ceil(toolTotal / 8))),
      toolCount: toolTotal,
      filesModified: modified,
      type: profile.domain,
      task: rng.chance(0.6) ? rng.pick(profile.tasks) : null,
      completedAt: new Date(startedAt + duration).toISOString(),
      duration,
      operationCount: toolTotal,
      successScore,
      toolBreakdown: tools,
      critique: critique(rng, successScore),
    };
    if (rng.chance(0.5)) {
      const sufficient = toolTotal >= 5;
      record.evidenceStatus = sufficient ? "sufficient" : "insufficient";
      record.eligibleForLearning = sufficient;
      record.evidenceReasons = sufficient ? ["enough operations"] : ["fewer than 5 operations"];
    }
    records.push(record);
  }
  return records;
}

/** One JSON document per line, newline-terminated. */
export function toJsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + (records.length > 0 ? "\n" : "");
}
