import type { FileFormat, RecordError } from "./parse-file";
import { ERRORS_LISTED } from "./types";

/** What the ingest API answers for each uploaded file (docs/architecture.md#the-ingest-answer). */
export interface FileReport {
  name: string;
  format: FileFormat;
  /** The project the file's records went to, once known. */
  project: string | null;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** The file's errors, the first ERRORS_LISTED of them: `errorCount` counts them all. */
  errors: RecordError[];
  errorCount: number;
  /** Sessions stored or updated from this file (Claude Code transcripts), for links. */
  sessions: { id: number; project: string; externalId: string }[];
  /**
   * For a sub-agent's file (transcript, meta file, Codex thread, Gemini chat) kept, now or before, for a session
   * whose main transcript has not arrived: that session. It is stored, with its parts, once the main one arrives.
   */
  waitingFor: { project: string; externalId: string } | null;
}

export interface IngestReport {
  project: string | null;
  files: FileReport[];
  /** `waiting`: the files kept for a session whose main transcript has not arrived (`waitingFor`). */
  totals: { accepted: number; duplicates: number; rejected: number; waiting: number };
}

/** "trajectories.jsonl line 3, field successScore: expected a number" */
export function describeError(file: string, e: RecordError): string {
  const line = e.line === null ? "" : ` line ${e.line}`;
  const field = e.field === null ? "" : `, field ${e.field}`;
  return `${file}${line}${field}: ${e.message}`;
}

export function summarise(project: string | null, files: FileReport[]): IngestReport {
  const totals = { accepted: 0, duplicates: 0, rejected: 0, waiting: 0 };
  for (const f of files) {
    totals.accepted += f.accepted;
    totals.duplicates += f.duplicates;
    totals.rejected += f.rejected;
    if (f.waitingFor !== null) totals.waiting += 1;
  }
  return { project, files, totals };
}

/**
 * 200 when nothing was rejected (even if every record was already there, or a file held none, such as a
 * summary-only transcript); 207 when some records were stored (or already there) and some rejected; 422 when
 * something was rejected and nothing could be stored. A 4xx body also carries an `error` naming the problems.
 */
export function reportStatus(report: IngestReport): 200 | 207 | 422 {
  const { accepted, duplicates, rejected } = report.totals;
  if (rejected === 0) return 200;
  if (accepted + duplicates > 0) return 207;
  return 422;
}

const MAX_LISTED = 5;

/** Adds one error to the file's report: listed while fewer than ERRORS_LISTED are, counted always. */
export function addError(report: FileReport, error: RecordError): void {
  report.errorCount += 1;
  if (report.errors.length < ERRORS_LISTED) report.errors = [...report.errors, error];
}

export function errorSummary(report: IngestReport): string {
  const shown = report.files
    .flatMap((f) => f.errors.slice(0, MAX_LISTED).map((e) => describeError(f.name, e)))
    .slice(0, MAX_LISTED);
  const total = report.files.reduce((sum, f) => sum + f.errorCount, 0);
  if (total === 0) return "The upload held no records to store.";
  const more = total > shown.length ? ` (and ${total - shown.length} more)` : "";
  return shown.join("; ") + more;
}
