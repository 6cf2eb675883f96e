import { fileChanges } from "@/lib/shell/file-changes";
import { EDIT_TOOLS } from "./commands";
import {
  MAX_REFS,
  MIN_OCCURRENCES,
  type CoChangeItem,
  type HotSpotItem,
  type KnowledgeEvidence,
  type KnowledgeSession,
} from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";

/** A session that modified more files than this is a sweep (a rename, a formatter): its pairs say little. */
const MAX_FILES_FOR_PAIRS = 30;
const MAX_PARTNERS = 3;
const MAX_CO_CHANGE = 8;
const MAX_HOT_SPOTS = 5;
/**
 * A hot spot is a file the project keeps changing: modified in at least MIN_OCCURRENCES sessions and in at least
 * this share of the sessions that modified any file of the repository (a file touched in 2 of 60 sessions is not).
 */
const HOT_SPOT_SHARE = 0.1;
/**
 * …and still changing: modified in one of the latest sessions that modified files, at least this many of them or
 * half of them, whichever is more (a file changed often long ago and left alone since has cooled down).
 */
const HOT_SPOT_RECENT_SESSIONS = 10;
/** Files outside the repository an agent writes on its own account (plans, memory, scratch). */
export const OUTSIDE = /(?:^|\/)\.claude\/|^\/tmp\/|^\/private\/tmp\//;
/**
 * Dependency manifests: they change whenever a dependency is added, which the install command already says; how
 * often they were edited teaches nothing of their own.
 */
const MANIFEST =
  /(?:^|\/)(?:requirements[\w.-]*\.(?:txt|in)|constraints\.txt|package\.json|pyproject\.toml|setup\.(?:py|cfg)|Pipfile|environment\.ya?ml|Cargo\.toml|go\.mod|Gemfile|composer\.json|pubspec\.yaml|mix\.exs|build\.gradle(?:\.kts)?|pom\.xml|deno\.jsonc?)$/;
/** Lockfiles and generated output: they change because something else did, so they are no hot spot of their own. */
const GENERATED =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|uv\.lock|Pipfile\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock)$|(?:^|\/)(?:node_modules|dist|build|\.next|coverage|__pycache__|target)\/|\.min\.(?:js|css)$|\.snap$/;

/** Folders that hold part of a project (its code, its tests), never the whole of it. */
export const CONVENTIONAL =
  /^(?:src|tests?|spec|specs|lib|app|apps|packages|crates|cmd|pkg|internal|scripts|e2e|benches|examples|docs|web|server|client)$/;

/**
 * The project's root, for showing paths relative to it, when no shell command showed where the agent's shell ran:
 * the deepest folder holding at least 60% of the files modified (files in the repository outnumber the few an
 * agent writes elsewhere), above a conventional folder like `test/` when files it modified lie beside it. "" when
 * there is none.
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
  // Most changes in `test/` with one in `src/` would name `src/`'s files by absolute path: go up past such a folder.
  const outside = (dir: string) => absolute.some((f) => !f.startsWith(dir));
  while (best !== "" && CONVENTIONAL.test(best.split("/").at(-2) ?? "") && outside(best))
    best = best.replace(/[^/]+\/$/, "");
  return best === "/" ? "" : best;
}

/** `file` relative to `root` (a folder ending in `/`), or as it is when outside it. */
export const relative = (file: string, root: string) =>
  root !== "" && file.startsWith(root) ? file.slice(root.length) : file;

/** One file through the project's history: where it is now, and whether a later session deleted it. */
interface Tracked {
  path: string;
  deleted: boolean;
}

/**
 * The files of the project as the sessions (oldest first) leave them: each modification is recorded against a
 * tracked file, which a later `mv`/`git mv` moves (its modifications follow it to the new path) and a later
 * `rm`/`git rm` deletes (a file written again after that starts afresh). Files are known by the paths the edits
 * gave (absolute for Claude Code); a shell's relative path is read against the folder that makes it name a known
 * file or folder, when exactly one does (a session's shell folder is not recorded).
 */
class FileHistory {
  private readonly live = new Map<string, Tracked>();
  /** The folders shell paths were read against, with how often: where the agent's shell ran, the project's root. */
  readonly shellFolders = new Map<string, number>();

  modified(path: string): Tracked {
    return entry(this.live, path, () => ({ path, deleted: false }));
  }

  /** The tracked files at `path` or under the folder `path`. */
  private at(path: string): [string, Tracked][] {
    return [...this.live].filter(([p]) => p === path || p.startsWith(`${path}/`));
  }

  /** The folder a relative shell path is read against: the one where it names a known file or folder; null when none or several. */
  private base(path: string): string | null {
    if (path.startsWith("/")) return "";
    const bases = new Set<string>();
    for (const p of this.live.keys()) {
      if (p === path || p.startsWith(`${path}/`)) bases.add("");
      const file = p.endsWith(`/${path}`) ? p.length - path.length : -1;
      if (file > 0) bases.add(p.slice(0, file));
      const folder = p.lastIndexOf(`/${path}/`);
      if (folder >= 0) bases.add(p.slice(0, folder + 1));
    }
    if (bases.size !== 1) return null;
    const base = [...bases][0]!;
    if (base.startsWith("/")) this.shellFolders.set(base, (this.shellFolders.get(base) ?? 0) + 1);
    return base;
  }

  deleted(written: string): void {
    const base = this.base(written);
    if (base === null) return;
    for (const [p, file] of this.at(base + written)) {
      file.deleted = true;
      this.live.delete(p);
    }
  }

  moved(writtenFrom: string, writtenTo: string): void {
    const base = this.base(writtenFrom);
    if (base === null) return;
    const from = base + writtenFrom;
    const to = writtenTo.startsWith("/") ? writtenTo : base + writtenTo;
    // `mv a.ts lib` where lib is a folder of known files moves a.ts into it.
    const target =
      this.live.has(from) && !this.live.has(to) && this.at(to).length > 0 ? `${to}/${from.replace(/^.*\//, "")}` : to;
    for (const [p, file] of this.at(from)) {
      const now = target + p.slice(from.length);
      this.live.delete(p);
      const replaced = this.live.get(now);
      if (replaced) replaced.deleted = true;
      file.path = now;
      this.live.set(now, file);
    }
  }
}

/**
 * Each session's modified files (successful edits) as the project's latest state names them, relative to its root:
 * files a later session deleted are left out, files it moved appear at their new path; outside files left out.
 */
function modifiedBySession(sessions: readonly KnowledgeSession[]) {
  const history = new FileHistory();
  const edits: { s: KnowledgeSession; file: Tracked; seq: number; at: number | null }[] = [];
  for (const s of sessions) {
    for (const op of s.operations) {
      if (op.isError) continue;
      if (EDIT_TOOLS.has(op.tool) && op.file !== null && !OUTSIDE.test(op.file)) {
        edits.push({ s, file: history.modified(op.file), seq: op.seq, at: op.at ?? s.startedAt });
      } else if (op.command !== null) {
        for (const change of fileChanges(op.command)) {
          if (change.kind === "delete") history.deleted(change.path);
          else history.moved(change.from, change.to);
        }
      }
    }
  }
  const kept = edits.filter((e) => !e.file.deleted);
  const shell = [...history.shellFolders].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0]?.[0];
  const root = shell ?? projectRoot(kept.map((e) => e.file.path));
  const bySession = new Map<KnowledgeSession, Map<string, { seq: number; at: number | null }[]>>();
  for (const { s, file, seq, at } of kept) {
    entry(
      entry(bySession, s, () => new Map()),
      relative(file.path, root),
      () => [],
    ).push({ seq, at });
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
 * file with its most frequent partners, and hot spots (files the project keeps changing: HOT_SPOT_SHARE,
 * HOT_SPOT_RECENT_SESSIONS), both as
 * of the project's latest state: a deleted file is neither, a moved one is both under its new path.
 */
export function mineFiles(sessions: readonly KnowledgeSession[]): {
  coChange: CoChangeItem[];
  hotSpots: HotSpotItem[];
} {
  const bySession = modifiedBySession(sessions);
  const fileTally = new Map<string, EvidenceTally>();
  // Pairs are counted as plain numbers (a session of 30 files has 435): evidence is built only for those kept.
  const pairs = new Map<string, Map<string, PairCount>>();
  const recent = new Set(
    [...bySession.keys()].slice(-Math.max(HOT_SPOT_RECENT_SESSIONS, Math.ceil(bySession.size / 2))),
  );
  const stillChanging = new Set<string>();
  for (const [session, files] of bySession) {
    for (const [file, edits] of files) {
      if (recent.has(session)) stillChanging.add(file);
      const last = edits[edits.length - 1]!;
      entry(fileTally, file, () => new EvidenceTally()).add(session.id, last.seq, last.at);
    }
    if (files.size > MAX_FILES_FOR_PAIRS) continue;
    // A manifest or lockfile changes with whatever code needed a new dependency: no partner of it.
    const names = [...files.keys()].filter((f) => !GENERATED.test(f) && !MANIFEST.test(f)).sort();
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
  const hotSpotSessions = Math.max(MIN_OCCURRENCES, Math.ceil(HOT_SPOT_SHARE * bySession.size));
  const hotSpots = [...fileTally]
    .filter(
      ([file, t]) =>
        t.sessionCount >= hotSpotSessions && stillChanging.has(file) && !GENERATED.test(file) && !MANIFEST.test(file),
    )
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
    .sort(
      (a, b) =>
        (fileTally.get(b.file)?.sessionCount ?? 0) - (fileTally.get(a.file)?.sessionCount ?? 0) ||
        b.strong.length - a.strong.length ||
        (a.file < b.file ? -1 : 1),
    );
  const covered = new Set<string>();
  const coChange: CoChangeItem[] = [];
  for (const { file, strong } of candidates) {
    const partners = strong
      .map(([p]) => p)
      .filter((p) => !covered.has(`${p}\u0000${file}`))
      .slice(0, MAX_PARTNERS);
    if (partners.length === 0) continue;
    for (const p of partners) covered.add(`${file}\u0000${p}`);
    const evidence = pairEvidence(strong.find(([p]) => p === partners[0])![1]);
    coChange.push({ kind: "co-change", key: `co-change:${file}`, file, partners, evidence });
    if (coChange.length >= MAX_CO_CHANGE) break;
  }
  return { coChange, hotSpots };
}
