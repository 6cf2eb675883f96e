import { EDIT_TOOLS } from "./commands";
import { MAX_REFS, MIN_OCCURRENCES, type CoChangeItem, type HotSpotItem, type KnowledgeEvidence, type KnowledgeSession } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";

/** A session that modified more files than this is a sweep (a rename, a formatter): its pairs say little. */
const MAX_FILES_FOR_PAIRS = 30;
const MAX_PARTNERS = 3;
const MAX_CO_CHANGE = 8;
const MAX_HOT_SPOTS = 5;
/** Files outside the repository an agent writes on its own account (plans, memory, scratch). */
const OUTSIDE = /(?:^|\/)\.claude\/|^\/tmp\/|^\/private\/tmp\//;

/**
 * The project's root, for showing paths relative to it: the deepest folder holding at least 60% of the files
 * modified (files in the repository outnumber the few an agent writes elsewhere). "" when there is none.
 */
export function projectRoot(files: readonly string[]): string {
  const absolute = files.filter((f) => f.startsWith("/"));
  if (absolute.length === 0) return "";
  const under = new Map<string, number>();
  for (const file of new Set(absolute)) {
    const parts = file.split("/").slice(1, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = `/${parts.slice(0, i).join("/")}/`;
      under.set(dir, (under.get(dir) ?? 0) + 1);
    }
  }
  const need = 0.6 * new Set(absolute).size;
  let best = "";
  for (const [dir, n] of under) if (n >= need && dir.length > best.length) best = dir;
  return best;
}

/** `file` relative to `root` (a folder ending in `/`), or as it is when outside it. */
export const relative = (file: string, root: string) => (root !== "" && file.startsWith(root) ? file.slice(root.length) : file);

/** Each session's modified files (successful edits), relative to the project's root, outside files left out. */
function modifiedBySession(sessions: readonly KnowledgeSession[]) {
  const edits = sessions.flatMap((s) => s.operations.filter((op) => EDIT_TOOLS.has(op.tool) && !op.isError && op.file !== null && !OUTSIDE.test(op.file)).map((op) => ({ s, op })));
  const root = projectRoot(edits.map((e) => e.op.file!));
  const bySession = new Map<KnowledgeSession, Map<string, { seq: number; at: number | null }[]>>();
  for (const { s, op } of edits) {
    const files = entry(bySession, s, () => new Map());
    entry(files, relative(op.file!, root), () => []).push({ seq: op.seq, at: op.at ?? s.startedAt });
  }
  return bySession;
}

/** Sessions in which two files were both modified: their count and the latest few, as evidence. */
interface PairCount {
  sessions: number;
  refs: { sessionId: number; seq: number; at: number | null }[];
}

function pairEvidence(pair: PairCount): KnowledgeEvidence {
  const tally = new EvidenceTally();
  for (const r of pair.refs) tally.add(r.sessionId, r.seq, r.at);
  return { ...tally.evidence(), sessions: pair.sessions, occurrences: pair.sessions };
}

/**
 * Files that change together (modified in the same session in at least MIN_OCCURRENCES sessions), one item per
 * file with its most frequent partners, and hot spots (files modified in at least MIN_OCCURRENCES sessions).
 */
export function mineFiles(sessions: readonly KnowledgeSession[]): { coChange: CoChangeItem[]; hotSpots: HotSpotItem[] } {
  const bySession = modifiedBySession(sessions);
  const fileTally = new Map<string, EvidenceTally>();
  // Pairs are counted as plain numbers (a session of 30 files has 435): evidence is built only for those kept.
  const pairs = new Map<string, Map<string, PairCount>>();
  for (const [session, files] of bySession) {
    for (const [file, edits] of files) {
      const last = edits[edits.length - 1]!;
      entry(fileTally, file, () => new EvidenceTally()).add(session.id, last.seq, last.at);
    }
    if (files.size > MAX_FILES_FOR_PAIRS) continue;
    const names = [...files.keys()].sort();
    for (const a of names) {
      const row = entry(pairs, a, () => new Map<string, PairCount>());
      for (const b of names) {
        if (a === b) continue;
        const last = files.get(b)!.at(-1)!;
        const pair = entry(row, b, () => ({ sessions: 0, refs: [] }));
        pair.sessions += 1;
        pair.refs.push({ sessionId: session.id, seq: last.seq, at: last.at });
        if (pair.refs.length > MAX_REFS) pair.refs.shift();
      }
    }
  }
  const hotSpots = [...fileTally]
    .filter(([, t]) => t.sessionCount >= MIN_OCCURRENCES)
    .map(([file, t]): HotSpotItem => ({ kind: "hot-spot", key: `hot-spot:${file}`, file, evidence: t.evidence() }))
    .sort(byEvidence)
    .slice(0, MAX_HOT_SPOTS);
  const candidates = [...pairs]
    .map(([file, partners]) => {
      const strong = [...partners]
        .filter(([, p]) => p.sessions >= MIN_OCCURRENCES)
        .sort(([fa, a], [fb, b]) => b.sessions - a.sessions || (fa < fb ? -1 : 1));
      return { file, strong };
    })
    .filter((c) => c.strong.length > 0)
    .sort((a, b) => (fileTally.get(b.file)?.sessionCount ?? 0) - (fileTally.get(a.file)?.sessionCount ?? 0) || b.strong.length - a.strong.length || (a.file < b.file ? -1 : 1));
  const covered = new Set<string>();
  const coChange: CoChangeItem[] = [];
  for (const { file, strong } of candidates) {
    const partners = strong.map(([p]) => p).filter((p) => !covered.has(`${p}\u0000${file}`)).slice(0, MAX_PARTNERS);
    if (partners.length === 0) continue;
    for (const p of partners) covered.add(`${file}\u0000${p}`);
    const evidence = pairEvidence(strong.find(([p]) => p === partners[0])![1]);
    coChange.push({ kind: "co-change", key: `co-change:${file}`, file, partners, evidence });
    if (coChange.length >= MAX_CO_CHANGE) break;
  }
  return { coChange, hotSpots };
}
