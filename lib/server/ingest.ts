import "server-only";
import type { Db } from "@/db/client";
import { ensureProject, replaceSession, storeRecords } from "@/db/queries/ingest";
import { adoptParts, saveTranscriptPart, sessionProject } from "@/db/queries/transcripts";
import { projectFromCwd } from "@/lib/ingest/claude-code/assemble";
import { parseFile, type AgentMeta, type ParsedFile, type TranscriptFile } from "@/lib/ingest/parse-file";
import { summarise, type FileReport, type IngestReport } from "@/lib/ingest/report";
import { toProjectSlug } from "@/lib/project-slug";
import { assembleStoredSession } from "./stored-session";

export interface NamedFile {
  name: string;
  content: Uint8Array | string;
}

const NO_SESSION = "a sub-agent meta file names no session: send it as <folder>/<sessionId>/subagents/agent-<id>.meta.json";
const NO_PROJECT = { line: null, field: "project", message: "this file names no project: add ?project=<slug> to the request" };
const refused = (slug: string) => ({ line: null, field: "project", message: `project "${slug}" not found, or you may not upload to it` });

/** Whether the uploader may store into the project with this slug (creating it when it does not exist yet). */
export type MayWrite = (slug: string) => boolean;

/** `<folder>/<sessionId>/subagents/agent-<id>.meta.json` → the session id and the folder in its path. */
function metaLocation(name: string): { sessionId: string; folder: string | null } | null {
  const parts = name.split("/");
  const at = parts.lastIndexOf("subagents");
  const sessionId = at > 0 ? parts[at - 1] : undefined;
  return sessionId ? { sessionId, folder: at > 1 ? (parts[at - 2] ?? null) : null } : null;
}

function emptyReport(name: string, parsed: ParsedFile): FileReport {
  return { name, format: parsed.format, project: null, accepted: 0, duplicates: 0, rejected: parsed.rejected, errors: parsed.errors, sessions: [] };
}

/** What this request brought of each session (session key → part → parsed), so re-assembly parses only the rest. */
type Fresh = Map<string, Map<string, TranscriptFile | AgentMeta>>;
const key = (projectId: number, sessionId: string) => `${projectId}\u0000${sessionId}`;

class Ingest {
  private readonly fresh: Fresh = new Map();
  /** Sessions with a changed part → the reports of the files that changed them. */
  private readonly dirty = new Map<string, { projectId: number; slug: string; sessionId: string; reports: FileReport[] }>();
  /** Session id → its parts in this request, stored together with the session's assembly (`storeSessions`). */
  private readonly pending = new Map<string, (() => void)[]>();

  constructor(
    private readonly db: Db,
    private readonly requested: string | null,
    private readonly mayWrite: MayWrite,
  ) {}

  /** Rejects the file's `count` records when the uploader may not store into `slug`; true when it may. */
  private allowed(report: FileReport, slug: string, count: number): boolean {
    if (this.mayWrite(slug)) return true;
    report.rejected += count;
    report.errors = [...report.errors, refused(slug)];
    return false;
  }

  acos(report: FileReport, parsed: ParsedFile): void {
    const records = parsed.trajectories.length + parsed.patterns.length;
    if (records === 0) return;
    if (!this.requested) {
      report.rejected += records;
      report.errors = [...report.errors, NO_PROJECT];
      return;
    }
    if (!this.allowed(report, this.requested, records)) return;
    Object.assign(report, storeRecords(this.db, this.requested, parsed), { project: this.requested });
  }

  /** Stores one transcript part (main, sub-agent or sub-agent meta); called inside its session's transaction. */
  private part(report: FileReport, sessionId: string, part: string, item: TranscriptFile | AgentMeta, content: string, lineCount: number, hint: string | null) {
    const slug = this.requested ?? sessionProject(this.db, sessionId)?.slug ?? toProjectSlug(hint ?? "");
    if (!slug) {
      report.rejected += 1;
      report.errors = [...report.errors, NO_PROJECT];
      return;
    }
    if (!this.allowed(report, slug, 1)) return;
    const projectId = ensureProject(this.db, slug);
    if (part === "") adoptParts(this.db, sessionId, projectId);
    const held = this.fresh.get(key(projectId, sessionId)) ?? new Map();
    this.fresh.set(key(projectId, sessionId), held.set(part, item));
    const result = saveTranscriptPart(this.db, { projectId, sessionId, part, name: report.name, content, lineCount });
    report.project = slug;
    if (result === "same") {
      report.duplicates += 1;
      return;
    }
    report.accepted += 1;
    const k = key(projectId, sessionId);
    const entry = this.dirty.get(k) ?? { projectId, slug, sessionId, reports: [] };
    entry.reports.push(report);
    this.dirty.set(k, entry);
  }

  private queue(sessionId: string, store: () => void): void {
    this.pending.set(sessionId, [...(this.pending.get(sessionId) ?? []), store]);
  }

  transcript(report: FileReport, t: TranscriptFile) {
    const sessionId = t.sessionId;
    if (!sessionId || t.records.length === 0) return;
    const hint = projectFromCwd(t.cwd ?? "") ?? t.folder;
    this.queue(sessionId, () => {
      const content = t.records.map((r) => JSON.stringify(r)).join("\n");
      this.part(report, sessionId, t.agentId ?? "", t, content, t.lineCount, hint);
    });
  }

  meta(report: FileReport, meta: AgentMeta, name: string) {
    // Stored as parsed (and so redacted); the agent id lives in the file name.
    const content = JSON.stringify({ agentType: meta.agentType, description: meta.description });
    const where = metaLocation(name);
    if (where) return this.queue(where.sessionId, () => this.part(report, where.sessionId, `meta:${meta.agentId}`, meta, content, 1, where.folder));
    report.rejected += 1;
    report.errors = [...report.errors, { line: null, field: null, message: NO_SESSION }];
  }

  /**
   * Stores each session's parts and re-assembles the session in one transaction, so a crash never leaves a part
   * stored without the session built from it (a resent part is "same" and would not rebuild it). Sessions still
   * missing their main file wait.
   */
  storeSessions(): void {
    for (const stores of this.pending.values()) {
      this.db.$client.transaction(() => {
        for (const store of stores) store();
        for (const [k, { projectId, slug, sessionId, reports }] of this.dirty) {
          const t = assembleStoredSession(this.db, projectId, sessionId, this.fresh.get(k));
          if (!t) continue;
          const id = replaceSession(this.db, projectId, slug, t);
          for (const report of reports) report.sessions.push({ id, project: slug, externalId: sessionId });
        }
        this.dirty.clear();
      })();
    }
  }
}

/**
 * Ingests uploaded files: each file's format is detected from its content; ACOS records are stored per file
 * in one transaction; Claude Code transcripts are kept part by part and each touched session is re-assembled
 * (main transcript, sub-agents and their meta files, which may arrive in any order and any request), its parts
 * of this request and its assembly in one transaction.
 * A file bound for a project the uploader may not write to (`mayWrite`) is rejected whole, and nothing of it is stored.
 */
export function ingestFiles(db: Db, files: readonly NamedFile[], requested: string | null, mayWrite: MayWrite): IngestReport {
  const ingest = new Ingest(db, requested, mayWrite);
  const reports = files.map((file) => {
    const parsed = parseFile(file.content, file.name);
    const report = emptyReport(file.name, parsed);
    if (parsed.transcript) ingest.transcript(report, parsed.transcript);
    else if (parsed.agentMeta) ingest.meta(report, parsed.agentMeta, file.name);
    else ingest.acos(report, parsed);
    return report;
  });
  ingest.storeSessions();
  return summarise(requested, reports);
}
