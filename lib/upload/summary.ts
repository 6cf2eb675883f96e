import type { UploadRow } from "./queue";

export interface UploadSummary {
  files: number;
  /** Rows the server has answered (or that failed). */
  finished: number;
  sessionsStored: number;
  duplicates: number;
  /** Records the server refused, over all files. */
  rejected: number;
  /** Files whose request failed as a whole (network, 413, server error). */
  failed: number;
  /** Sub-agents' files kept for sessions whose main transcript has not arrived, those sessions, and their projects. */
  waiting: { files: number; sessions: number; projects: string[] };
}

/**
 * Totals for the summary above the list. Sessions stored are the distinct sessions the server reports as
 * (re)assembled, since a session's sub-agent files each report their own part; an ACOS trajectory file that
 * lists no sessions counts its accepted records. Pattern files hold patterns, not sessions.
 */
export function summariseUploads(rows: readonly UploadRow[]): UploadSummary {
  const summary: UploadSummary = {
    files: rows.length,
    finished: 0,
    sessionsStored: 0,
    duplicates: 0,
    rejected: 0,
    failed: 0,
    waiting: { files: 0, sessions: 0, projects: [] },
  };
  const sessions = new Set<string>();
  const waiting = new Set<string>();
  const projects = new Set<string>();
  for (const row of rows) {
    if (row.status === "queued" || row.status === "uploading") continue;
    summary.finished += 1;
    if (row.status === "failed") summary.failed += 1;
    for (const file of row.outcome?.files ?? []) {
      for (const session of file.sessions) sessions.add(session.id);
      if (file.sessions.length === 0 && file.format === "acos-trajectories") summary.sessionsStored += file.accepted;
      summary.duplicates += file.duplicates;
      summary.rejected += file.rejected;
      if (file.waitingFor === null) continue;
      summary.waiting.files += 1;
      waiting.add(file.waitingFor.externalId);
      projects.add(file.waitingFor.project);
    }
  }
  summary.sessionsStored += sessions.size;
  summary.waiting = { ...summary.waiting, sessions: waiting.size, projects: [...projects].sort() };
  return summary;
}
