import { cut, MAX_TOOL_NAME } from "@/lib/ingest/identifier-limits";
import type { MemoryCategory, Operation, SourceFormat, ToolPattern, Session } from "@/lib/session";

/** Steps kept, as ACOS does: the first ten after collapsing consecutive repeats. */
const MAX_STEPS = 10;

/**
 * The most bytes a stored sequence may hold, one from an ACOS patterns.json included: it fits the index over stored
 * patterns (PostgreSQL's holds 2,704 bytes). Ten tool names cut at MAX_TOOL_NAME (64 UTF-16 units, at most 3 bytes
 * each in UTF-8) and their separators make at most 1,947 bytes.
 */
export const MAX_SEQUENCE_BYTES = 2_000;

/**
 * The session's tool sequence in ACOS's patterns.json form ("Read > Edit > Bash"): the session's own calls
 * (not its sub-agents'), consecutive repeats collapsed, the first ten steps, each name at most 64 characters. Null
 * when fewer than two steps remain, since a single tool is no sequence worth remembering.
 */
export function toolSequence(operations: readonly Operation[]): string | null {
  const steps: string[] = [];
  for (const op of operations) {
    const tool = cut(op.tool, MAX_TOOL_NAME);
    if (op.delegated || steps.at(-1) === tool) continue;
    steps.push(tool);
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
export function reinforcedPattern(sequence: string, existing: PatternUses | undefined, t: Session): ToolPattern {
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
