import "server-only";
import { isPostgres, transaction, type Db } from "@/db/client";
import {
  ensureProject,
  lockSessions,
  sessionWrites,
  storedRecord,
  storedSession,
  writeSessions,
} from "@/db/queries/session-writes";
import type { Uploader } from "@/lib/ingest/session-rows";
import { storeRecordSets } from "./store-records";
import { lockSessionsToStore, storeLockedSessions, storeSession } from "./store-session";
import {
  adoptParts,
  hasSession,
  moveParts,
  partSession,
  otherFormatWithId,
  saveTranscriptPart,
  sessionProject,
  subagentsProject,
} from "@/db/queries/transcripts";
import { projectFromCwd } from "@/lib/ingest/claude-code/assemble";
import { geminiParentSession } from "@/lib/ingest/gemini/files";
import { RefusedFile, type NamedFile } from "@/lib/ingest/named-file";
import { TimeSlicer } from "@/lib/cooperate";
import type {
  AgentMeta,
  HookEvent,
  ParsedFile,
  RecordError,
  RolloutFile,
  TranscriptFile,
  WorkflowRun,
} from "@/lib/ingest/parse-file";
import { parseFile } from "@/lib/ingest/parse-file";
import { parseNamedFile } from "@/lib/ingest/parse-named-file";
import { addError, summarise, type FileReport, type IngestReport } from "@/lib/ingest/report";
import { emptyMainTranscript, hookPart, isDescriptionPart, workflowPart } from "@/lib/ingest/waiting-parts";
import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";
import { projectName, toProjectSlug } from "@/lib/project-slug";
import { agentMemoryName, readAgentMemory, type AgentMemoryUpload } from "@/lib/ingest/agent-memory";
import { projectOfFolder, saveAgentNoteFile } from "@/db/queries/agent-notes";
import { bestEffort } from "./best-effort";
import { refreshKnowledge } from "./knowledge";
import type { Session } from "@/lib/session";
import { assembleStoredSession, withStoredSubagents, type SessionPart } from "./session-from-parts";

/** Each file is read when it is parsed, so a request's files need not all be in memory at once. */
export type { NamedFile } from "@/lib/ingest/named-file";

const NO_SESSION =
  "a sub-agent meta file names no session: send it as <folder>/<sessionId>/subagents/agent-<id>.meta.json";
const NO_RUN_SESSION =
  "a workflow run's definition names no session: send it as <folder>/<sessionId>/workflows/<runId>.json";
const NO_SESSION_ID = {
  line: null,
  field: "sessionId",
  message:
    "no line of this transcript names its session (sessionId), and its name is not <sessionId>.jsonl: send it under its session's name",
};
const NO_THREAD_ID = {
  line: null,
  field: "session_meta.id",
  message:
    "this Codex rollout has no session_meta line naming its session, and its name is not rollout-<time>-<id>.jsonl: send it under its own name",
};
const NO_PROJECT = {
  line: null,
  field: "project",
  message: "this file names no project: add ?project=<slug> to the request",
};
const refused = (slug: string) => ({
  line: null,
  field: "project",
  message: `project "${slug}" not found, or you may not upload to it`,
});
const taken = (sessionId: string, slug: string, format: string) => ({
  line: null,
  field: "sessionId",
  message: `session ${sessionId} has the id of a session of another format (${format}) in project "${slug}", which a transcript may not replace`,
});

/**
 * Transcript parts are stored, with the sessions they change, in transactions of about this much text (characters
 * or bytes): a commit per session cost more than its rows, holding a whole large upload's parsed transcripts
 * would not keep memory flat, and a transaction holds the server's one thread (about 15 ms a megabyte).
 */
const BATCH_SIZE = 1024 * 1024;

/**
 * Nor more than this many parts: storing and assembling a session costs a few milliseconds, however small, and on
 * SQLite holds the thread. On PostgreSQL the thread is free while each statement runs, and a batch's rows go in a
 * statement each (operations, files, memories, sessions, whose triggers run once a statement), so larger batches
 * save round trips: 100,000 transcript lines, 10,832-11,705 lines/s in batches of 5, 11,783-13,973 in batches of 20.
 */
const BATCH_PARTS = { sqlite: 5, postgresql: 20 } as const;

/**
 * ACOS records are stored in transactions of this many (about 20 ms each), so other requests run between: a large
 * file's in several, small files' (one session each, as ACOS writes them) several files to one, since a commit
 * costs more than a small file's rows.
 */
const RECORDS_PER_TRANSACTION = 250;

/**
 * Called inside every transaction of an ingest, after what it stored, with the report so far: so what it records
 * (the upload's audit entry) is committed with the rows it counts, or rolled back with them.
 */
export type OnCommit = (report: IngestReport) => Promise<void>;

function reject(report: FileReport, count: number, error: RecordError): void {
  report.rejected += count;
  addError(report, error);
}

/** Whether the uploader may store into the project with this slug (creating it when it does not exist yet). */
export type MayWrite = (slug: string) => Promise<boolean>;

function emptyReport(name: string, parsed: ParsedFile): FileReport {
  return {
    name,
    format: parsed.format,
    project: null,
    accepted: 0,
    duplicates: 0,
    rejected: parsed.rejected,
    errors: parsed.errors,
    errorCount: parsed.errorCount,
    sessions: [],
    waitingFor: null,
  };
}

/** What the waiting parts brought of each session (session key → part → parsed), so re-assembly parses only the rest. */
type Fresh = Map<string, Map<string, SessionPart>>;
const key = (projectId: number, sessionId: string) => `${projectId}\u0000${sessionId}`;

class Ingest {
  /** The reports of the files read so far, in the order they came. */
  readonly reports: FileReport[] = [];
  private readonly fresh: Fresh = new Map();
  /** Sessions with a changed part → the reports of the files that changed them. */
  private readonly dirty = new Map<
    string,
    { projectId: number; slug: string; sessionId: string; reports: FileReport[] }
  >();
  /** Sessions that a sub-agent's file of this request was kept for (stored, or already there) → those files' reports. */
  private readonly partsKept = new Map<
    string,
    { projectId: number; slug: string; sessionId: string; reports: FileReport[] }
  >();
  /** Session id → the working folder of its first sub-agent's transcript in this request, if one names it (`emptyMain`). */
  private readonly agentCwds = new Map<string, string | null>();
  /** Sessions stored from their parts in this request. */
  private readonly assembled = new Set<string>();
  /** Session id → its parts waiting to be stored, together with the sessions' assembly (`storeSessions`). */
  private readonly pending = new Map<string, { stores: (() => Promise<void>)[]; size: number }>();
  private pendingSize = 0;
  private pendingParts = 0;
  /** The session of the file queued last: its next parts usually follow it, so a batch stored early leaves it waiting. */
  private latest: string | null = null;
  /** Agents' memory files of this request, stored after its sessions (their project is the one their folder's transcripts went to). */
  private readonly memories: { report: FileReport; memory: AgentMemoryUpload }[] = [];
  /** ACOS records waiting for their transaction: pieces of files (a file's records in order), fewer than RECORDS_PER_TRANSACTION. */
  private records: { report: FileReport; sessions: Session[]; patterns: ParsedFile["patterns"] }[] = [];
  private recordCount = 0;

  constructor(
    private readonly db: Db,
    private readonly requested: string | null,
    private readonly mayWrite: MayWrite,
    private readonly onCommit: OnCommit,
    private readonly slicer: TimeSlicer,
    private readonly uploader: Uploader | null,
  ) {}

  /** Runs `store` in a transaction that ends with `onCommit`. */
  private async transaction(store: () => Promise<void>): Promise<void> {
    await transaction(this.db, async () => {
      await store();
      await this.onCommit(summarise(this.requested, this.reports));
    });
  }

  /** Rejects the file's `count` records when the uploader may not store into `slug`; true when it may. */
  private async allowed(report: FileReport, slug: string, count: number): Promise<boolean> {
    if (await this.mayWrite(slug)) return true;
    reject(report, count, refused(slug));
    return false;
  }

  /**
   * Queues a file's ACOS records (sessions, then patterns) and stores them RECORDS_PER_TRANSACTION at a time,
   * with the files queued before it. A file of at most that many records goes into one transaction whole (the
   * records waiting are stored first when it does not fit beside them), so a crash leaves it stored whole or not at
   * all; a larger one is stored in several. Each record is stored whole with its rows; a failure part way through a
   * large file leaves the transactions before it, which sending the file again completes (what they stored counts
   * as duplicates).
   */
  async acos(report: FileReport, parsed: ParsedFile): Promise<void> {
    const records = parsed.sessions.length + parsed.patterns.length;
    if (records === 0) return;
    const slug = this.requested;
    if (!slug) return reject(report, records, NO_PROJECT);
    if (!(await this.allowed(report, slug, records))) return;
    report.project = slug;
    if (records <= RECORDS_PER_TRANSACTION && this.recordCount + records > RECORDS_PER_TRANSACTION)
      await this.storeRecords();
    const sessions = parsed.sessions.length;
    for (let from = 0; from < records; ) {
      const to = Math.min(records, from + RECORDS_PER_TRANSACTION - this.recordCount);
      this.records.push({
        report,
        sessions: parsed.sessions.slice(from, to),
        patterns: parsed.patterns.slice(Math.max(from - sessions, 0), Math.max(to - sessions, 0)),
      });
      this.recordCount += to - from;
      from = to;
      if (this.recordCount >= RECORDS_PER_TRANSACTION) await this.storeRecords();
    }
  }

  /** Stores the ACOS records waiting, in one transaction; before anything else is stored, and at the end. */
  async storeRecords(): Promise<void> {
    const pieces = this.records;
    if (pieces.length === 0) return;
    await this.slicer.pause();
    await this.transaction(async () => {
      const results = await storeRecordSets(this.db, this.requested!, pieces, this.uploader);
      pieces.forEach(({ report }, i) => {
        report.accepted += results[i]!.accepted;
        report.duplicates += results[i]!.duplicates;
      });
    });
    this.records = [];
    this.recordCount = 0;
  }

  /**
   * Stores a file that is one whole session (Gemini CLI, OpenCode, Antigravity CLI): in the request's project, else the one its file names.
   * The same session sent again is a duplicate; a longer version of it replaces it (keeping a person's verdict). A
   * sub-agent's chat (`chats/<sessionId>/<id>.jsonl`) is kept as a part of its session, which is stored again with
   * it folded in (`withSubagents`) — or is, when it arrives, if the sub-agent came first.
   */
  async sessions(report: FileReport, parsed: ParsedFile, name: string): Promise<void> {
    await this.storeRecords();
    const parent = geminiParentSession(name);
    for (const t of parsed.sessions) {
      const slug = this.requested ?? toProjectSlug(t.projectHint ?? "");
      if (!slug) return reject(report, 1, NO_PROJECT);
      if (!(await this.allowed(report, slug, 1))) return;
      await this.transaction(async () => {
        await lockSessions(this.db, [parent ?? t.externalId]);
        const projectId = await ensureProject(this.db, slug, projectName(t.projectHint, slug));
        report.project = slug;
        if (parent !== null) return this.geminiSubagent(report, projectId, slug, parent, t);
        const stored = await storedSession(this.db, projectId, t);
        if (typeof stored === "object") return reject(report, 1, taken(t.externalId, slug, stored.otherFormat));
        if (stored === "same") {
          report.duplicates += 1;
          return;
        }
        const id = await storeSession(
          this.db,
          projectId,
          slug,
          await withStoredSubagents(this.db, projectId, t),
          undefined,
          this.uploader,
        );
        report.accepted += 1;
        report.sessions.push({ id, project: slug, externalId: t.externalId });
      });
    }
  }

  /** Keeps a Gemini sub-agent's chat as a part of session `parent` and stores that session again with it, if it is there. */
  private async geminiSubagent(
    report: FileReport,
    projectId: number,
    slug: string,
    parent: string,
    t: Session,
  ): Promise<void> {
    const records = t.raw as unknown[];
    const content = records.map((r) => JSON.stringify(r)).join("\n");
    this.keep(report, projectId, slug, parent);
    if (
      (await saveTranscriptPart(this.db, {
        projectId,
        sessionId: parent,
        part: t.externalId,
        name: report.name,
        content,
        lineCount: records.length,
      })) === "same"
    ) {
      report.duplicates += 1;
      return;
    }
    report.accepted += 1;
    const row = await storedRecord(this.db, projectId, parent);
    const main = row?.format === "gemini" ? parseFile(row.raw).sessions[0] : undefined;
    if (!main) return;
    const id = await storeSession(
      this.db,
      projectId,
      slug,
      await withStoredSubagents(this.db, projectId, main),
      undefined,
      this.uploader,
    );
    this.assembled.add(key(projectId, parent));
    report.sessions.push({ id, project: slug, externalId: parent });
  }

  /**
   * Stores one transcript part (main, sub-agent or sub-agent meta); called inside the transaction of `storeSessions`.
   * A Codex thread spawned by a sub-agent thread is filed under the session that sub-agent belongs to, and the
   * threads a sub-agent spawned that arrived before it move under its session, so nested threads join the root.
   */
  private async part(
    report: FileReport,
    filed: string,
    part: string,
    item: SessionPart,
    content: string | Uint8Array,
    lineCount: number,
    hint: string | null,
  ) {
    const holder = this.requested === null ? await this.holder(filed, part, item) : undefined;
    const slug = this.requested ?? holder?.slug ?? toProjectSlug(hint ?? "");
    if (!slug) return reject(report, 1, NO_PROJECT);
    if (!(await this.allowed(report, slug, 1))) return;
    const projectId = holder?.id ?? (await ensureProject(this.db, slug, projectName(hint, slug)));
    const thread = part !== "" && "format" in item && item.format === "codex";
    const sessionId = thread ? ((await partSession(this.db, projectId, filed)) ?? filed) : filed;
    if (thread) {
      // Past the keys storeSessions took in order: rare (a thread of a sub-agent thread), and a deadlock PostgreSQL
      // detects rolls one transaction back whole, which sending its files again completes.
      await lockSessions(this.db, [sessionId, part]);
      await moveParts(this.db, projectId, part, sessionId);
    }
    const other = await otherFormatWithId(this.db, projectId, sessionId);
    if (other !== undefined) return reject(report, 1, taken(sessionId, slug, other));
    if (part === "") await adoptParts(this.db, sessionId, projectId);
    const k = key(projectId, sessionId);
    this.fresh.set(k, (this.fresh.get(k) ?? new Map()).set(part, item));
    const result = await saveTranscriptPart(this.db, {
      projectId,
      sessionId,
      part,
      name: report.name,
      content,
      lineCount,
    });
    report.project = slug;
    if (part !== "") this.keep(report, projectId, slug, sessionId);
    if (result === "same") {
      report.duplicates += 1;
      return;
    }
    report.accepted += 1;
    const entry = this.dirty.get(k) ?? { projectId, slug, sessionId, reports: [] };
    entry.reports.push(report);
    this.dirty.set(k, entry);
  }

  /**
   * Where a part goes when the request names no project: the project holding its session's main transcript; else,
   * for a sub-agent's meta file, a workflow run's definition or a main transcript without messages (which name no working folder, only the
   * project folder), the one holding the session's sub-agents, so that a session's parts stay in one project.
   */
  private async holder(
    sessionId: string,
    part: string,
    item: SessionPart,
  ): Promise<{ id: number; slug: string } | undefined> {
    const namesNoFolder = isDescriptionPart(part) || (part === "" && "records" in item && item.records.length === 0);
    return (
      (await sessionProject(this.db, sessionId)) ??
      (namesNoFolder ? await subagentsProject(this.db, sessionId) : undefined)
    );
  }

  /** Notes that a sub-agent's file was kept for the session, which may still lack its main transcript (`markWaiting`). */
  private keep(report: FileReport, projectId: number, slug: string, sessionId: string): void {
    const k = key(projectId, sessionId);
    const entry = this.partsKept.get(k) ?? { projectId, slug, sessionId, reports: [] };
    entry.reports.push(report);
    this.partsKept.set(k, entry);
  }

  /**
   * Names, on the report of each sub-agent's file this request kept, the session it waits for when that session
   * has not been stored (its main transcript has not arrived, in this request or before); in the last transaction.
   */
  private async markWaiting(): Promise<void> {
    for (const [k, { projectId, slug, sessionId, reports }] of this.partsKept) {
      if (this.assembled.has(k) || (await hasSession(this.db, projectId, sessionId))) continue;
      for (const report of reports) report.waitingFor = { project: slug, externalId: sessionId };
    }
  }

  private queue(sessionId: string, size: number, store: () => Promise<void>): void {
    const waiting = this.pending.get(sessionId) ?? { stores: [], size: 0 };
    waiting.stores.push(store);
    waiting.size += size;
    this.pending.set(sessionId, waiting);
    this.pendingSize += size;
    this.pendingParts += 1;
    this.latest = sessionId;
  }

  /** Whether the parts waiting are a batch's worth. */
  get full(): boolean {
    return (
      this.pendingSize >= BATCH_SIZE ||
      this.pendingParts >= (isPostgres(this.db) ? BATCH_PARTS.postgresql : BATCH_PARTS.sqlite)
    );
  }

  transcript(report: FileReport, t: TranscriptFile) {
    const sessionId = t.sessionId;
    if (t.records.length === 0) return;
    if (!sessionId) return reject(report, 1, NO_SESSION_ID);
    const hint = projectFromCwd(t.cwd ?? "") ?? t.folder;
    if (t.agentId !== null && !this.agentCwds.get(sessionId)) this.agentCwds.set(sessionId, t.cwd);
    this.queue(sessionId, t.content.length, () =>
      this.part(report, sessionId, t.agentId ?? "", t, t.content, t.lineCount, hint),
    );
  }

  /**
   * A main transcript without messages (`emptyMainTranscript`): kept as its session's main part, so the session's
   * sub-agents wait no more and it is assembled from them, in the project their working folder names (read when the
   * part is stored, so sub-agents later in the request count). Without a sub-agent, in this request or stored, it is
   * nothing to store, as any empty file.
   */
  emptyMain(report: FileReport, t: TranscriptFile) {
    const sessionId = t.sessionId!;
    this.queue(sessionId, t.content.length, async () => {
      if (!this.agentCwds.has(sessionId) && (await subagentsProject(this.db, sessionId)) === undefined) return;
      await this.part(
        report,
        sessionId,
        "",
        t,
        t.content,
        t.lineCount,
        projectFromCwd(this.agentCwds.get(sessionId) ?? "") ?? t.folder,
      );
    });
  }

  /** A Codex rollout: a session's main part, or a sub-agent thread filed under the thread that spawned it. */
  rollout(report: FileReport, r: RolloutFile) {
    const threadId = r.threadId;
    if (r.records.length === 0) return;
    if (!threadId) return reject(report, 1, NO_THREAD_ID);
    const sessionId = r.parentThreadId ?? threadId;
    const part = r.parentThreadId === null ? "" : threadId;
    this.queue(sessionId, r.content.length, () =>
      this.part(report, sessionId, part, r, r.content, r.lineCount, projectFromCwd(r.cwd ?? "")),
    );
  }

  meta(report: FileReport, meta: AgentMeta, name: string) {
    // Stored as parsed (and so redacted); the agent id lives in the file name.
    this.description(
      report,
      name,
      `meta:${meta.agentId}`,
      meta,
      JSON.stringify({ agentType: meta.agentType, description: meta.description }),
      NO_SESSION,
    );
  }

  /** A workflow run's definition: only its name is kept (`readWorkflowRun`); the run id lives in the file name. */
  workflow(report: FileReport, run: WorkflowRun, name: string) {
    this.description(
      report,
      name,
      workflowPart(run.runId),
      run,
      JSON.stringify({ workflowName: run.name }),
      NO_RUN_SESSION,
    );
  }

  /**
   * A hook event (lib/ingest/claude-code/hook-event.ts), stored as parsed; in the project its cwd names, as a
   * transcript's, when it comes before its session's transcript.
   */
  hook(report: FileReport, event: HookEvent, name: string) {
    const { key, ...fields } = event;
    this.description(
      report,
      name,
      hookPart(key),
      event,
      JSON.stringify(fields),
      NO_SESSION,
      projectFromCwd(event.cwd ?? ""),
    );
  }

  /** A part that describes the session's transcripts, filed under the session its name is in. */
  private description(
    report: FileReport,
    name: string,
    part: string,
    item: AgentMeta | WorkflowRun | HookEvent,
    content: string,
    noSession: string,
    hint?: string | null,
  ) {
    const { sessionId, folder } = readTranscriptName(name);
    if (sessionId === null) return reject(report, 1, { line: null, field: null, message: noSession });
    this.queue(sessionId, content.length, () => this.part(report, sessionId, part, item, content, 1, hint ?? folder));
  }

  /** Keeps an agent's memory file (docs/agent-memory.md) to store once the request's sessions are. */
  memory(report: FileReport, content: Uint8Array | string, name: string): void {
    const read = readAgentMemory(name, content);
    if (!read.ok) return reject(report, 1, read.error);
    this.memories.push({ report, memory: read.memory });
  }

  /**
   * Stores the request's memory files, each in the request's project, else the one its folder's transcripts went
   * to (in this request or before): one version per project, uploader and path, a changed file replacing it.
   */
  async storeMemories(): Promise<void> {
    if (this.memories.length === 0) return;
    const uploaderKey =
      this.uploader === null
        ? "local"
        : this.uploader.tokenId !== null
          ? `token:${this.uploader.tokenId}`
          : `user:${this.uploader.userId}`;
    const uploader = this.uploader?.label ?? "this server's own import";
    await this.transaction(async () => {
      for (const { report, memory } of this.memories) {
        const sent = this.reports.find(
          (r) => r.project !== null && r.format !== "agent-memory" && r.name.split("/").includes(memory.folder),
        );
        const slug = this.requested ?? sent?.project ?? (await projectOfFolder(this.db, memory.folder));
        if (!slug) {
          reject(report, 1, NO_PROJECT);
          continue;
        }
        if (!(await this.allowed(report, slug, 1))) continue;
        const projectId = await ensureProject(this.db, slug, projectName(null, slug));
        report.project = slug;
        const saved = await saveAgentNoteFile(this.db, {
          projectId,
          uploader,
          uploaderKey,
          agent: memory.agent,
          path: memory.path,
          content: memory.content,
        });
        if (saved === "same") report.duplicates += 1;
        else report.accepted += 1;
      }
    });
  }

  /**
   * Stores the waiting parts and re-assembles every session they changed, all in one transaction, so a crash never
   * leaves a part stored without the session built from it (a resent part is "same" and would not rebuild it).
   * Sessions still missing their main file wait. Parts of one session are stored one after the other, in the
   * order their files came. `keepLatest` (a batch is full, more files follow) leaves the session of the last
   * file waiting, so a session sent with its sub-agents (files side by side, as the CLI and zips send them) is
   * stored in one transaction with all of them. The transaction first takes the keys of the sessions its parts are
   * filed under (`lockSessions`), so another process storing parts of one of them waits, then assembles from what
   * that one committed; it takes the patterns' keys and the projects' rows of the sessions it stores next, each set
   * in one order. The last one (not `keepLatest`) also names the sessions still waiting for their main transcript.
   */
  async storeSessions(keepLatest = false): Promise<void> {
    const kept = keepLatest && this.latest !== null ? this.latest : null;
    const batch = [...this.pending].filter(([sessionId]) => sessionId !== kept);
    if (batch.length === 0 && kept !== null) return;
    await this.storeRecords();
    await this.transaction(async () => {
      await lockSessions(
        this.db,
        batch.map(([sessionId]) => sessionId),
      );
      for (const [, { stores }] of batch) for (const store of stores) await store();
      const assembled: { projectId: number; slug: string; sessionId: string; reports: FileReport[]; t: Session }[] = [];
      for (const [k, entry] of this.dirty) {
        const t = await assembleStoredSession(this.db, entry.projectId, entry.sessionId, this.fresh.get(k));
        if (t) assembled.push({ ...entry, t });
      }
      // The keys of the sessions assembled (those of the batch, taken already, and of threads' root sessions), then
      // of their patterns, then their projects' rows.
      await lockSessionsToStore(this.db, assembled);
      const writes = sessionWrites();
      const ids = await storeLockedSessions(this.db, assembled, writes, this.uploader);
      for (const [i, { projectId, slug, sessionId, reports }] of assembled.entries()) {
        this.assembled.add(key(projectId, sessionId));
        for (const report of reports) report.sessions.push({ id: ids[i]!, project: slug, externalId: sessionId });
      }
      await writeSessions(this.db, writes);
      if (!keepLatest) await this.markWaiting();
    });
    for (const [sessionId, { stores, size }] of batch) {
      this.pending.delete(sessionId);
      this.pendingSize -= size;
      this.pendingParts -= stores.length;
    }
    this.dirty.clear();
    this.fresh.clear();
  }
}

/**
 * Ingests uploaded files: each file's format is detected from its content; ACOS records are stored in
 * transactions of RECORDS_PER_TRANSACTION (a large file in several, small files several to one); Claude Code transcripts and Codex rollouts are kept part by part and each touched session
 * is re-assembled (main transcript, sub-agents and their meta files, which may arrive in any order and any
 * request), the parts and the sessions they change in one transaction (a few for a large request). `onCommit`
 * runs at the end of each transaction, the last one included, with the report so far.
 * A file bound for a project the uploader may not write to (`mayWrite`) is rejected whole, and nothing of it is stored.
 *
 * The work is cut into slices of about 40 ms (a file is read, parsed and stored in steps, with the event loop let
 * run between them), so the server keeps answering other requests while a large upload is ingested; no step
 * holds the thread longer than one transaction. A database error (a full disk, a read-only file) is thrown as it
 * came, after the transaction it stopped was rolled back.
 */
export async function ingestFiles(
  db: Db,
  files: readonly NamedFile[],
  requested: string | null,
  mayWrite: MayWrite,
  onCommit: OnCommit = async () => {},
  uploader: Uploader | null = null,
): Promise<IngestReport> {
  const slicer = new TimeSlicer();
  const ingest = new Ingest(db, requested, mayWrite, onCommit, slicer, uploader);
  for (const file of files) {
    if (agentMemoryName(file.name)) {
      const report: FileReport = {
        name: file.name,
        format: "agent-memory",
        project: null,
        accepted: 0,
        duplicates: 0,
        rejected: 0,
        errors: [],
        errorCount: 0,
        sessions: [],
        waitingFor: null,
      };
      ingest.reports.push(report);
      try {
        ingest.memory(report, await file.read(), file.name);
      } catch (error) {
        if (!(error instanceof RefusedFile)) throw error;
        reject(report, 1, error.error);
      }
      continue;
    }
    const parsed = await parseNamedFile(file, (steps) => slicer.run(steps));
    const report = emptyReport(file.name, parsed);
    ingest.reports.push(report);
    const emptyMain = emptyMainTranscript(parsed, file.name);
    if (emptyMain) ingest.emptyMain(report, emptyMain);
    else if (parsed.transcript) ingest.transcript(report, parsed.transcript);
    else if (parsed.rollout) ingest.rollout(report, parsed.rollout);
    else if (parsed.agentMeta) ingest.meta(report, parsed.agentMeta, file.name);
    else if (parsed.workflow) ingest.workflow(report, parsed.workflow, file.name);
    else if (parsed.hookEvent) ingest.hook(report, parsed.hookEvent, file.name);
    else if (parsed.format === "gemini" || parsed.format === "opencode" || parsed.format === "antigravity")
      await ingest.sessions(report, parsed, file.name);
    else await ingest.acos(report, parsed);
    await slicer.pause();
    if (ingest.full) await ingest.storeSessions(true);
  }
  await slicer.pause();
  await ingest.storeSessions();
  await ingest.storeMemories();
  // What the changed projects' sessions teach is mined again once the upload is stored (lib/server/knowledge.ts).
  const changed = ingest.reports.flatMap((r) => (r.accepted > 0 && r.project !== null ? [r.project] : []));
  await bestEffort("refreshing project knowledge", () => refreshKnowledge(db, changed));
  return summarise(requested, ingest.reports);
}
