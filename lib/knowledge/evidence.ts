import { MAX_REFS, type KnowledgeEvidence, type KnowledgeRef } from "./contract";

/** The latest first (ties: higher session id, then higher position). */
const latestFirst = (a: { ref: KnowledgeRef; at: number }, b: { ref: KnowledgeRef; at: number }) =>
  b.at - a.at || b.ref.sessionId - a.ref.sessionId || (b.ref.seq ?? -1) - (a.ref.seq ?? -1);

/** Collects the occurrences of one item across sessions, keeping only the MAX_REFS latest references. */
export class EvidenceTally {
  private readonly sessions = new Set<number>();
  private readonly latest: { ref: KnowledgeRef; at: number }[] = [];
  private last: number | null = null;
  occurrences = 0;

  add(sessionId: number, seq: number | null, at: number | null): void {
    this.occurrences += 1;
    this.sessions.add(sessionId);
    if (at !== null && (this.last === null || at > this.last)) this.last = at;
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
    return { sessions: this.sessions.size, occurrences: this.occurrences, lastSeen: this.last, refs: this.latest.map((s) => s.ref) };
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
export function byEvidence(a: { key: string; evidence: KnowledgeEvidence }, b: { key: string; evidence: KnowledgeEvidence }): number {
  return b.evidence.sessions - a.evidence.sessions || b.evidence.occurrences - a.evidence.occurrences || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
