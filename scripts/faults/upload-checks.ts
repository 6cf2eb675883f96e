// Checks of the fault test's ledger against the database: every file of an acknowledged upload is stored exactly
// as sent, and every other file is stored whole or not at all.
import type { Stored } from "../harness/stored";
import type { Upload } from "../harness/uploads";
import type { Attempt } from "./client";
import { expectedFiles, type ExpectedFile, type ExpectedSession } from "./expected";

export interface UploadStats {
  attempts: number;
  acknowledged: number;
  /** Sent, but the kill came before the answer. */
  unanswered: number;
  /** Not sent: the server was down. */
  refused: number;
  filesAcknowledged: number;
  /** Files sent but never acknowledged, by what the kill left: all of it, or nothing. */
  unacknowledgedWhole: number;
  unacknowledgedAbsent: number;
}

interface StoredSession {
  operationCount: number;
  successScore: number;
  raw: string;
  modified: string | null;
  read: string | null;
}

function queries(db: Stored) {
  const paths = async (id: number, role: string) =>
    (
      await db.all<{ path: string }>(
        `SELECT path FROM session_files WHERE session_id = ? AND role = ? ORDER BY path`,
        id,
        role,
      )
    ).map((r) => r.path);
  return {
    async session(project: string, externalId: string): Promise<StoredSession | undefined> {
      const [row] = await db.all<{ id: number; operationCount: number; successScore: number; raw: string }>(
        `SELECT t.id, t.operation_count AS "operationCount", t.success_score AS "successScore", t.raw
         FROM sessions t JOIN projects p ON p.id = t.project_id WHERE p.slug = ? AND t.external_id = ?`,
        project,
        externalId,
      );
      if (!row) return undefined;
      const joined = (list: string[]) => (list.length > 0 ? list.join("\n") : null);
      return { ...row, modified: joined(await paths(row.id, "modified")), read: joined(await paths(row.id, "read")) };
    },
    async hasPart(project: string, sessionId: string, name: string): Promise<boolean> {
      const rows = await db.all(
        `SELECT 1 AS one FROM transcript_files f JOIN projects p ON p.id = f.project_id WHERE p.slug = ? AND f.session_id = ? AND f.part = ?`,
        project,
        sessionId,
        name,
      );
      return rows.length > 0;
    },
  };
}

type Queries = ReturnType<typeof queries>;

/** How a stored session differs from what was sent; null when it is exact. */
function difference(stored: StoredSession, expected: ExpectedSession, checkReads: boolean): string | null {
  if (stored.operationCount !== expected.operationCount)
    return `operation_count ${stored.operationCount} ≠ ${expected.operationCount}`;
  if (stored.successScore !== expected.successScore)
    return `success_score ${stored.successScore} ≠ ${expected.successScore}`;
  if (stored.raw !== expected.raw) return "raw differs";
  if ((stored.modified ?? "") !== expected.filesModified.join("\n")) return "modified files differ";
  if (checkReads && (stored.read ?? "") !== expected.filesRead.join("\n")) return "read files differ";
  return null;
}

/** "whole", "absent", or what is wrong with the file's rows. */
async function fileState(q: Queries, file: ExpectedFile): Promise<"whole" | "absent" | string> {
  if (file.kind === "part") return (await q.hasPart(file.project, file.sessionId, file.part)) ? "whole" : "absent";
  if (file.kind === "session") {
    const hasPart = await q.hasPart(file.project, file.sessionId, "");
    const stored = await q.session(file.project, file.sessionId);
    if (!hasPart && !stored) return "absent";
    if (!hasPart) return "its session is stored without its transcript";
    if (!stored) return "its transcript is stored without its session";
    const diff = difference(stored, file.session, true);
    return diff === null ? "whole" : `its session differs: ${diff}`;
  }
  let present = 0;
  for (const t of file.sessions) {
    const stored = await q.session(file.project, t.externalId);
    if (!stored) continue;
    present++;
    const diff = difference(stored, t, false);
    if (diff !== null) return `session ${t.externalId} differs: ${diff}`;
  }
  if (present === 0) return "absent";
  return present === file.sessions.length ? "whole" : `${present} of its ${file.sessions.length} sessions are stored`;
}

/** What an acknowledged answer said about a file, checked against what the file held. */
function answerProblem(attempt: Attempt, file: ExpectedFile): string | null {
  const answer = attempt.files.find((f) => f.name === file.name);
  if (!answer) return "the answer does not name it";
  const records = file.kind === "acos" ? file.sessions.length : 1;
  if (answer.rejected > 0 || answer.accepted + answer.duplicates !== records) {
    return `the answer says ${answer.accepted} accepted, ${answer.duplicates} duplicates, ${answer.rejected} rejected of ${records}`;
  }
  return null;
}

export async function checkUploads(
  db: Stored,
  attempts: readonly Attempt[],
): Promise<{ problems: string[]; stats: UploadStats }> {
  const q = queries(db);
  const expected = new Map<Upload, ExpectedFile[]>();
  const files = new Map<string, { file: ExpectedFile; acknowledged: boolean }>();
  const problems: string[] = [];
  for (const attempt of attempts) {
    if (attempt.outcome === "refused") continue;
    if (!expected.has(attempt.upload)) expected.set(attempt.upload, expectedFiles(attempt.upload));
    for (const file of expected.get(attempt.upload)!) {
      const acknowledged = attempt.outcome === "acknowledged";
      const entry = files.get(file.name) ?? { file, acknowledged: false };
      files.set(file.name, { file, acknowledged: entry.acknowledged || acknowledged });
      const wrong = acknowledged ? answerProblem(attempt, file) : null;
      if (wrong) problems.push(`${file.name}: ${wrong}`);
    }
  }
  const stats: UploadStats = {
    attempts: attempts.length,
    acknowledged: attempts.filter((a) => a.outcome === "acknowledged").length,
    unanswered: attempts.filter((a) => a.outcome === "unanswered").length,
    refused: attempts.filter((a) => a.outcome === "refused").length,
    filesAcknowledged: 0,
    unacknowledgedWhole: 0,
    unacknowledgedAbsent: 0,
  };
  for (const { file, acknowledged } of files.values()) {
    const state = await fileState(q, file);
    if (acknowledged) {
      stats.filesAcknowledged++;
      if (state !== "whole") problems.push(`${file.name} (acknowledged): ${state === "absent" ? "not stored" : state}`);
    } else if (state === "whole") stats.unacknowledgedWhole++;
    else if (state === "absent") stats.unacknowledgedAbsent++;
    else problems.push(`${file.name} (not acknowledged): ${state}`);
  }
  for (const failed of attempts.filter((a) => a.outcome === "failed"))
    problems.push(`an upload was answered ${failed.status}: ${failed.detail}`);
  return { problems, stats };
}
