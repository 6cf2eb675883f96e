import type { MemoryCategory, Operation, SourceFormat, ToolPattern, Trajectory } from "@/lib/trajectory";

/** Steps kept, as ACOS does: the first ten after collapsing consecutive repeats. */
const MAX_STEPS = 10;

/**
 * The session's tool sequence in ACOS's patterns.json form ("Read > Edit > Bash"): the session's own calls
 * (not its sub-agents'), consecutive repeats collapsed, the first ten steps. Null when fewer than two steps
 * remain, since a single tool is no sequence worth remembering.
 */
export function toolSequence(operations: readonly Operation[]): string | null {
  const steps: string[] = [];
  for (const op of operations) {
    if (op.delegated || steps.at(-1) === op.tool) continue;
    steps.push(op.tool);
    if (steps.length === MAX_STEPS) break;
  }
  return steps.length >= 2 ? steps.join(" > ") : null;
}

/** The pattern after one more session used it: count + 1 and the running mean of success. */
export function recordUse(pattern: { count: number; avgSuccess: number } | undefined, score: number) {
  if (!pattern) return { count: 1, avgSuccess: score };
  const count = pattern.count + 1;
  return { count, avgSuccess: (pattern.avgSuccess * pattern.count + score) / count };
}

/** What is stored of a pattern: its uses so far, their mean success, its type and when it was first seen. */
export interface PatternUses {
  count: number;
  avgSuccess: number;
  type: string | null;
  discoveredAt: number | null;
}

/**
 * The pattern after a new session used its tool sequence: one more use, the running mean of success, seen at the
 * session's end (so its memory's decay restarts); a sequence seen for the first time starts a pattern typed by the
 * session's domain.
 */
export function reinforcedPattern(sequence: string, existing: PatternUses | undefined, t: Trajectory): ToolPattern {
  return {
    sequence,
    type: existing?.type ?? t.domain,
    ...recordUse(existing, t.success.score),
    discoveredAt: existing?.discoveredAt ?? t.startedAt,
    lastSeen: t.endedAt ?? t.startedAt,
  };
}

/**
 * Whether a pattern earns a memory. ACOS's pattern records are ACOS's own findings and always do. A sequence Starlight
 * counted in a transcript format's sessions is mostly chance (the first ten tools of a session rarely repeat): it
 * earns one only with real support, classified a proven pattern (lib/learn/classify.ts `classifyPattern`: used in
 * several sessions that mostly succeeded).
 */
export function remembersPattern(format: SourceFormat, category: MemoryCategory): boolean {
  return format === "acos" || category === "pattern";
}
