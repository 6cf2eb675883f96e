import { describeError, type IngestReport } from "@/lib/ingest/report";

/** What a sync did for one project of a source. `project` is null for files whose records named none. */
export interface SyncProjectResult {
  project: string | null;
  /** Files of this project found in the folder (read or skipped as unchanged). */
  filesSeen: number;
  /** Files skipped because their size and mtime matched the last import. */
  filesUnchanged: number;
  /** Files read and sent to ingest. */
  filesRead: number;
  /** Distinct Claude Code sessions stored or updated. */
  sessions: number;
  /** Records (ACOS trajectories/patterns) or transcript parts accepted. */
  accepted: number;
  duplicates: number;
  rejected: number;
  /** "file line N, field F: message", at most MAX_ERRORS. */
  errors: string[];
}

/** What a sync did for one source. */
export interface SyncSourceResult {
  sourceId: number;
  name: string;
  kind: string;
  path: string;
  startedAt: number;
  finishedAt: number;
  /** Set when the folder could not be read at all (it vanished, or lost its permissions). */
  error: string | null;
  filesSeen: number;
  filesUnchanged: number;
  filesRead: number;
  /** Files over the size bound, not read (also counted in `rejected` and listed in `errors`). */
  filesTooLarge: number;
  sessions: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: string[];
  projects: SyncProjectResult[];
}

export interface SyncReport {
  sources: SyncSourceResult[];
  totals: {
    filesSeen: number;
    filesUnchanged: number;
    filesRead: number;
    sessions: number;
    accepted: number;
    duplicates: number;
    rejected: number;
  };
}

const MAX_ERRORS = 20;

const pushError = (errors: string[], message: string) => {
  if (errors.length < MAX_ERRORS) errors.push(message);
};

/** Accumulates per-project figures of one source's sync. */
export class SyncTally {
  private readonly projects = new Map<string, SyncProjectResult & { sessionKeys: Set<string> }>();
  readonly errors: string[] = [];
  filesTooLarge = 0;

  private entry(project: string | null) {
    const k = project ?? "";
    let e = this.projects.get(k);
    if (!e) {
      e = {
        project,
        filesSeen: 0,
        filesUnchanged: 0,
        filesRead: 0,
        sessions: 0,
        accepted: 0,
        duplicates: 0,
        rejected: 0,
        errors: [],
        sessionKeys: new Set(),
      };
      this.projects.set(k, e);
    }
    return e;
  }

  unchanged(project: string | null): void {
    const e = this.entry(project);
    e.filesSeen += 1;
    e.filesUnchanged += 1;
  }

  tooLarge(name: string, size: number, limit: number): void {
    this.filesTooLarge += 1;
    const e = this.entry(null);
    e.filesSeen += 1;
    e.rejected += 1;
    const message = `${name}: ${size} bytes is over the ${limit}-byte limit (STARLIGHT_MAX_BODY_MB); not read`;
    pushError(e.errors, message);
    pushError(this.errors, message);
  }

  /** A file that vanished or could not be read between the walk and the read; tried again next sync. */
  unreadable(name: string, reason: string): void {
    const e = this.entry(null);
    e.filesSeen += 1;
    e.rejected += 1;
    const message = `${name}: could not be read (${reason})`;
    pushError(e.errors, message);
    pushError(this.errors, message);
  }

  /** Adds one ingestFiles report; `fallback` is the project for files whose report names none (the source's own). */
  ingested(report: IngestReport, fallback: string | null): void {
    for (const file of report.files) {
      const e = this.entry(file.project ?? fallback);
      e.filesSeen += 1;
      e.filesRead += 1;
      e.accepted += file.accepted;
      e.duplicates += file.duplicates;
      e.rejected += file.rejected;
      for (const s of file.sessions) e.sessionKeys.add(`${s.project}\u0000${s.externalId}`);
      for (const error of file.errors) {
        pushError(e.errors, describeError(file.name, error));
        pushError(this.errors, describeError(file.name, error));
      }
    }
  }

  /** Per-project results, named projects first by slug, then files that named none. */
  results(): SyncProjectResult[] {
    return [...this.projects.values()]
      .map(({ sessionKeys, ...rest }) => ({ ...rest, sessions: sessionKeys.size }))
      .sort((a, b) => (a.project === null ? 1 : b.project === null ? -1 : a.project.localeCompare(b.project)));
  }
}

type Counted = Pick<
  SyncProjectResult,
  "filesSeen" | "filesUnchanged" | "filesRead" | "sessions" | "accepted" | "duplicates" | "rejected"
>;
const COUNTED = ["filesSeen", "filesUnchanged", "filesRead", "sessions", "accepted", "duplicates", "rejected"] as const;

/** Sums the counted fields of `items`. */
export function sumCounts(items: readonly Counted[]): Counted {
  const out: Counted = {
    filesSeen: 0,
    filesUnchanged: 0,
    filesRead: 0,
    sessions: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
  };
  for (const item of items) for (const k of COUNTED) out[k] += item[k];
  return out;
}
