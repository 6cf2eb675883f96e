// Checks that need nothing but the database file: SQLite's own integrity checks, and that no trajectory or session
// is stored half-way (a row without its memory, operations or files; a transcript without its session; a session
// not assembled from the parts stored for it).
import type Database from "better-sqlite3";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile, type AgentMeta, type TranscriptFile } from "@/lib/ingest/parse-file";

/** Rows a query returns, as problems: each row described by `describe`. */
function rows<T>(db: Database.Database, sql: string, describe: (row: T) => string): string[] {
  return (db.prepare(sql).all() as T[]).map(describe);
}

function sqliteChecks(db: Database.Database): string[] {
  const problems: string[] = [];
  const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
  if (integrity.join() !== "ok") problems.push(`integrity_check: ${integrity.slice(0, 5).join("; ")}`);
  const foreign = db.pragma("foreign_key_check") as { table: string; parent: string }[];
  if (foreign.length > 0) problems.push(`foreign_key_check: ${foreign.length} rows, e.g. ${foreign[0]!.table} → ${foreign[0]!.parent}`);
  try {
    db.exec(`INSERT INTO memories_fts (memories_fts) VALUES ('integrity-check')`);
  } catch (error) {
    problems.push(`memories_fts integrity-check: ${(error as Error).message}`);
  }
  return problems;
}

type Id = { id: number; externalId: string };
const at = (r: Id) => `trajectory ${r.id} (${r.externalId})`;

function trajectoryChecks(db: Database.Database): string[] {
  return [
    ...rows<Id & { n: number }>(
      db,
      `SELECT t.id, t.external_id AS externalId, (SELECT count(*) FROM memories m WHERE m.trajectory_id = t.id) AS n
       FROM trajectories t WHERE n != 1`,
      (r) => `${at(r)} has ${r.n} memories instead of 1`,
    ),
    ...rows<Id & { n: number; expected: number }>(
      db,
      `SELECT t.id, t.external_id AS externalId, t.operation_count AS expected,
         (SELECT count(*) FROM operations o WHERE o.trajectory_id = t.id) AS n
       FROM trajectories t WHERE t.format = 'claude-code' AND n != expected`,
      (r) => `${at(r)} has ${r.n} operation rows, its operation_count says ${r.expected}`,
    ),
    ...rows<Id & { n: number; expected: number }>(
      db,
      `SELECT t.id, t.external_id AS externalId, t.files_modified_count AS expected,
         (SELECT count(*) FROM trajectory_files f WHERE f.trajectory_id = t.id AND f.role = 'modified') AS n
       FROM trajectories t WHERE n != expected`,
      (r) => `${at(r)} has ${r.n} modified-file rows, its files_modified_count says ${r.expected}`,
    ),
    ...rows<Id>(
      db,
      `SELECT t.id, t.external_id AS externalId FROM trajectories t
       WHERE t.format = 'claude-code' AND (t.files_read_count IS NULL OR t.delegated IS NULL OR t.tool_errors IS NULL)`,
      (r) => `${at(r)} lacks its feature columns`,
    ),
  ];
}

interface StoredPart {
  projectId: number;
  sessionId: string;
  part: string;
  name: string;
  content: string;
}

/** Every stored main transcript has its session, assembled from exactly the parts stored for it; and no session lacks its transcript. */
function sessionChecks(db: Database.Database): string[] {
  const problems = rows<Id>(
    db,
    `SELECT t.id, t.external_id AS externalId FROM trajectories t WHERE t.format = 'claude-code' AND NOT EXISTS
       (SELECT 1 FROM transcript_files p WHERE p.project_id = t.project_id AND p.session_id = t.external_id AND p.part = '')`,
    (r) => `session ${at(r)} has no stored transcript`,
  );
  const parts = db
    .prepare(`SELECT project_id AS projectId, session_id AS sessionId, part, name, content FROM transcript_files ORDER BY part`)
    .all() as StoredPart[];
  const sessions = new Map<string, StoredPart[]>();
  for (const p of parts) sessions.set(`${p.projectId}/${p.sessionId}`, [...(sessions.get(`${p.projectId}/${p.sessionId}`) ?? []), p]);
  const stored = db.prepare(`SELECT raw, operation_count AS operationCount FROM trajectories WHERE project_id = ? AND external_id = ?`);
  for (const [where, list] of sessions) {
    const main = list.find((p) => p.part === "");
    if (!main) continue;
    const parsed = list.map((p) => parseFile(p.content, p.name));
    const agents = parsed.flatMap((p) => (p.transcript?.agentId ? [p.transcript] : [])) as TranscriptFile[];
    const metas = parsed.flatMap((p) => (p.agentMeta ? [p.agentMeta] : [])) as AgentMeta[];
    const transcript = parsed[list.indexOf(main)]!.transcript;
    if (!transcript) continue;
    const expected = assembleSession(transcript, agents, metas);
    const row = stored.get(main.projectId, main.sessionId) as { raw: string; operationCount: number } | undefined;
    if (!row) problems.push(`transcript ${where} is stored without its session`);
    else if (row.raw !== JSON.stringify(expected.raw) || row.operationCount !== expected.operationCount) {
      problems.push(`session ${where} was not re-assembled from its ${list.length} stored parts`);
    }
  }
  return problems;
}

/** Everything wrong with the database file, as sentences; empty when it is sound. */
export function checkDatabase(db: Database.Database): string[] {
  return [...sqliteChecks(db), ...trajectoryChecks(db), ...sessionChecks(db)];
}
