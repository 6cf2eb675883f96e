/**
 * Each tool-call note tested by randomisation (docs/just-in-time.md#measured-like-a-rule). While the experiment runs,
 * a note due to a guidance-arm session is given or drawn out by the item's own fair draw (lib/just-in-time/draw.ts,
 * the draw rules get), and a holdout session gets none; every due note is recorded with what became of it. So among
 * the sessions a note was due to, those given it and those not differ, on average, only in the note: the difference
 * in the share that hit the item's failure again is the note's effect on known-mistake recurrence.
 *
 * The outcome is known-mistake recurrence (lib/experiment/known-mistakes.ts) narrowed to the one item: did the
 * session's failed operations show the item's error signature more often than it had when the note was due — at
 * least once for a note before a call, at least twice for a note after a failure (that failure was the first)?
 * Per item and pooled over items (each session and item a unit): given − drawn out, and given − holdout (which also
 * went without the SessionStart guidance), as Newcombe 95% intervals of a difference of proportions.
 */
import type { EnrolledSession } from "@/lib/experiment/contract";
import { isLinked } from "@/lib/experiment/linked";
import type { NoteDelivery } from "@/lib/just-in-time/draw";
import type { KnowledgeItem } from "@/lib/knowledge/contract";
import { newcombeInterval, type Interval } from "@/lib/learn/stats";

/** One note due to a session, as recorded (db/queries/tool-call-notes.ts). */
export interface NoteDraw {
  sessionId: string;
  itemKey: string;
  moment: "before" | "after";
  delivery: NoteDelivery;
}

/** Sessions a note was due to on one side, and how many hit its failure again. */
export interface Recurrence {
  n: number;
  recurred: number;
  /** recurred / n; null when n is 0. */
  rate: number | null;
}

export interface NoteRecurrence {
  given: Recurrence;
  drawnOut: Recurrence;
  holdout: Recurrence;
  /** Given − drawn-out share recurring, Newcombe 95%; null below 2 sessions a side. Negative: the note helps. */
  effect: Interval | null;
  /** Given − holdout share recurring, Newcombe 95%; null below 2 sessions a side. */
  vsHoldout: Interval | null;
}

export interface NoteEffect extends NoteRecurrence {
  key: string;
}

export interface NoteEffectsReport {
  /** Each item with a failure signature that was due to at least one linked session, by key. */
  items: NoteEffect[];
  /** Every item's sessions together. */
  pooled: NoteRecurrence;
}

/** The error signatures a note's item stands for: a failure's own, a command's failed forms'; none for what people said. */
export function itemSignatures(item: KnowledgeItem): string[] {
  if (item.kind === "failure") return [item.signature];
  if (item.kind === "command")
    return [...new Set(item.failedVariants.flatMap((v) => (v.signature === null ? [] : [v.signature])))];
  return [];
}

/** Whether the session hit the item's failure again after the note was due (see the module's comment). */
export function recurred(
  counts: Readonly<Record<string, number>>,
  signatures: readonly string[],
  moment: NoteDraw["moment"],
): boolean {
  const hits = signatures.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return hits >= (moment === "after" ? 2 : 1);
}

interface Unit {
  key: string;
  delivery: NoteDelivery;
  recurred: boolean;
}

function share(units: readonly Unit[], delivery: NoteDelivery): Recurrence {
  const side = units.filter((u) => u.delivery === delivery);
  const hit = side.filter((u) => u.recurred).length;
  return { n: side.length, recurred: hit, rate: side.length === 0 ? null : hit / side.length };
}

const difference = (a: Recurrence, b: Recurrence): Interval | null =>
  a.n < 2 || b.n < 2 ? null : newcombeInterval(a.recurred, a.n, b.recurred, b.n);

function recurrenceOf(units: readonly Unit[]): NoteRecurrence {
  const [given, drawnOut, holdout] = [share(units, "given"), share(units, "drawn-out"), share(units, "holdout")];
  return { given, drawnOut, holdout, effect: difference(given, drawnOut), vsHoldout: difference(given, holdout) };
}

/**
 * The notes' effects on recurrence: over the due notes of sessions whose transcript arrived with its failures read,
 * for items that have a signature (`signatures`: each item key's, from the project's knowledge).
 */
export function noteEffects(
  draws: readonly NoteDraw[],
  sessions: readonly EnrolledSession[],
  signatures: ReadonlyMap<string, readonly string[]>,
): NoteEffectsReport {
  const counts = new Map(
    sessions
      .filter(isLinked)
      .flatMap((s) => (s.outcome.failureCounts ? [[s.sessionId, s.outcome.failureCounts] as const] : [])),
  );
  const units = draws.flatMap((d): Unit[] => {
    const failures = counts.get(d.sessionId);
    const sigs = signatures.get(d.itemKey) ?? [];
    return failures === undefined || sigs.length === 0
      ? []
      : [{ key: d.itemKey, delivery: d.delivery, recurred: recurred(failures, sigs, d.moment) }];
  });
  const keys = [...new Set(units.map((u) => u.key))].sort();
  return {
    items: keys.map((key) => ({ key, ...recurrenceOf(units.filter((u) => u.key === key)) })),
    pooled: recurrenceOf(units),
  };
}
