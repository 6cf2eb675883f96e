import { MAX_REFS, MIN_OCCURRENCES, type KnowledgeEvidence, type KnowledgeRef, type OlderThan } from "./contract";

/** The latest first (ties: higher session id, then higher position). */
const latestFirst = (a: { ref: KnowledgeRef; at: number }, b: { ref: KnowledgeRef; at: number }) =>
  b.at - a.at || b.ref.sessionId - a.ref.sessionId || (b.ref.seq ?? -1) - (a.ref.seq ?? -1);

/** Collects the occurrences of one item across sessions, keeping only the MAX_REFS latest references. */
export class EvidenceTally {
  private readonly sessions = new Set<number>();
  private readonly latest: { ref: KnowledgeRef; at: number }[] = [];
  private last: number | null = null;
  private first: number | null = null;
  occurrences = 0;

  add(sessionId: number, seq: number | null, at: number | null): void {
    this.occurrences += 1;
    this.sessions.add(sessionId);
    if (at !== null && (this.last === null || at > this.last)) this.last = at;
    if (at !== null && (this.first === null || at < this.first)) this.first = at;
    const seen = { ref: { sessionId, seq }, at: at ?? 0 };
    if (this.latest.length === MAX_REFS && latestFirst(seen, this.latest[MAX_REFS - 1]!) >= 0) return;
    this.latest.push(seen);
    this.latest.sort(latestFirst);
    if (this.latest.length > MAX_REFS) this.latest.pop();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  evidence(): KnowledgeEvidence {
    return {
      sessions: this.sessions.size,
      occurrences: this.occurrences,
      lastSeen: this.last,
      firstSeen: this.first,
      refs: this.latest.map((s) => s.ref),
    };
  }
}

/** The entry of `key` in `map`, created by `make` when absent. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Most sessions first, then most occurrences, then key: a stable order for items of one kind. */
export function byEvidence(
  a: { key: string; evidence: KnowledgeEvidence },
  b: { key: string; evidence: KnowledgeEvidence },
): number {
  return (
    b.evidence.sessions - a.evidence.sessions ||
    b.evidence.occurrences - a.evidence.occurrences ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

type Dated = { key: string; evidence: KnowledgeEvidence };
type Older = { olderThan?: OlderThan };

/**
 * Newer evidence outranks older: for each item, the newer item of the same use (`sameUse`: two test runners, two
 * linters) that replaced it, if any — one first seen after this one was last seen, so this one stopped appearing
 * once the other started. Of several, the latest seen. Items without times are never superseded nor supersede.
 */
export function supersededBy<T extends Dated>(items: readonly T[], sameUse: (a: T, b: T) => boolean): Map<T, T> {
  const out = new Map<T, T>();
  for (const older of items) {
    const last = older.evidence.lastSeen;
    if (last === null) continue;
    for (const newer of items) {
      const first = newer.evidence.firstSeen ?? null;
      if (newer === older || first === null || first <= last || !sameUse(older, newer)) continue;
      const kept = out.get(older);
      if (kept === undefined || (newer.evidence.lastSeen ?? 0) > (kept.evidence.lastSeen ?? 0)) out.set(older, newer);
    }
  }
  return out;
}

/**
 * The items with superseded ones handled (`supersededBy`): retired when what replaced them was seen in at least
 * MIN_OCCURRENCES sessions, otherwise kept after it and marked `olderThan` (`shown` names the newer item as the
 * reader sees it). The others keep their order.
 */
export function retireSuperseded<T extends Dated>(
  items: readonly T[],
  sameUse: (a: T, b: T) => boolean,
  shown: (item: T) => string,
): (T & Older)[] {
  const replaced = supersededBy(items, sameUse);
  const out: (T & Older)[] = [];
  const marked: (T & Older)[] = [];
  for (const item of items) {
    const newer = replaced.get(item);
    if (newer === undefined) out.push(item);
    else if (newer.evidence.sessions < MIN_OCCURRENCES)
      marked.push({ ...item, olderThan: { by: shown(newer), since: newer.evidence.firstSeen! } });
  }
  return [...out, ...marked];
}
