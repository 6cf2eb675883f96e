/**
 * Known-mistake recurrence: did a session hit a failure whose signature was already in the project's knowledge
 * when the session started? The guidance arm was told about that failure (its memory is part of the guidance);
 * the holdout was not. So the share of sessions that repeat a known mistake, per arm, is the most direct measure
 * of whether the project's memory works.
 *
 * A known failure is a shell failure's knowledge item, stored as a memory whose source ends in
 * `failure:command:<family>:<signature>` (lib/knowledge/failures.ts, lib/knowledge/memory.ts); it is known from
 * the memory's creation. A session's failures are the signatures (lib/knowledge/signature.ts errorSignature) of its
 * failed operations' outputs. Tool-misuse items (`failure:edit-not-found`, …) carry no signature and are not counted.
 */
import { errorSignature } from "@/lib/knowledge/signature";

export interface KnownFailure {
  signature: string;
  /** Epoch ms from which the project's knowledge held it. */
  since: number;
}

const FAILURE_KEY = ":knowledge:failure:command:";

/** The known failure a knowledge memory stands for; null for any other memory (or a failure without a signature). */
export function knownFailureOf(source: string, createdAt: number): KnownFailure | null {
  const at = source.indexOf(FAILURE_KEY);
  if (at < 0) return null;
  const rest = source.slice(at + FAILURE_KEY.length);
  const colon = rest.indexOf(":");
  const signature = colon < 0 ? "" : rest.slice(colon + 1);
  return signature === "" ? null : { signature, since: createdAt };
}

/** The distinct signatures of a session's failed operations' outputs (those that have one). */
export function failureSignatures(outputs: readonly (string | null)[]): string[] {
  return [...new Set(outputs.map(errorSignature).filter((s): s is string => s !== null))];
}

/** How many of a session's failed operations had each signature (those that have one). */
export function signatureCounts(outputs: readonly (string | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of outputs.map(errorSignature)) if (s !== null) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/** Earliest time each signature became known. */
export function knownSince(known: readonly KnownFailure[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of known) out.set(k.signature, Math.min(out.get(k.signature) ?? Infinity, k.since));
  return out;
}

/**
 * Whether a session that started at `startedAt` hit a failure known before it started; null when its failures are
 * unknown (its operations' outputs were not read).
 */
export function hitKnownMistake(
  signatures: readonly string[] | undefined,
  startedAt: number,
  known: ReadonlyMap<string, number>,
): boolean | null {
  if (signatures === undefined) return null;
  return signatures.some((s) => (known.get(s) ?? Infinity) < startedAt);
}
