// Checks that need nothing but the stored data: the engine's own checks, and that no session is
// stored half-way (a row without its memory, operations or files; a transcript without its session; a session not
// assembled from the parts stored for it). Run on one snapshot, so writers still at work cannot tear what is read.
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile, type AgentMeta, type TranscriptFile } from "@/lib/ingest/parse-file";
import { transcriptBytes } from "@/db/transcript-content";
import type { Stored } from "../harness/stored";

type Id = { id: number; externalId: string };
const at = (r: Id) => `session ${r.id} (${r.externalId})`;

async function sessionChecks(db: Stored): Promise<string[]> {
  const memories = await db.all<Id & { n: number }>(
    `SELECT * FROM (SELECT t.id, t.external_id AS "externalId", (SELECT count(*) FROM memories m WHERE m.session_id = t.id) AS n
       FROM sessions t) s WHERE n <> 1`,
  );
  const operations = await db.all<Id & { n: number; expected: number }>(
    `SELECT * FROM (SELECT t.id, t.external_id AS "externalId", t.operation_count AS expected,
         (SELECT count(*) FROM operations o WHERE o.session_id = t.id) AS n
       FROM sessions t WHERE t.format = 'claude-code') s WHERE n <> expected`,
  );
  const files = await db.all<Id & { n: number; expected: number }>(
    `SELECT * FROM (SELECT t.id, t.external_id AS "externalId", t.files_modified_count AS expected,
         (SELECT count(*) FROM session_files f WHERE f.session_id = t.id AND f.role = 'modified') AS n
       FROM sessions t) s WHERE n <> expected`,
  );
  const features = await db.all<Id>(
    `SELECT t.id, t.external_id AS "externalId" FROM sessions t
     WHERE t.format = 'claude-code' AND (t.files_read_count IS NULL OR t.delegated IS NULL OR t.tool_errors IS NULL)`,
  );
  return [
    ...memories.map((r) => `${at(r)} has ${r.n} memories instead of 1`),
    ...operations.map((r) => `${at(r)} has ${r.n} operation rows, its operation_count says ${r.expected}`),
    ...files.map((r) => `${at(r)} has ${r.n} modified-file rows, its files_modified_count says ${r.expected}`),
    ...features.map((r) => `${at(r)} lacks its feature columns`),
  ];
}

interface StoredPart {
  projectId: number;
  sessionId: string;
  part: string;
  name: string;
  content: Buffer | string;
}

/** Every stored main transcript has its session, assembled from exactly the parts stored for it; and no session lacks its transcript. */
async function transcriptChecks(db: Stored): Promise<string[]> {
  const orphans = await db.all<Id>(
    `SELECT t.id, t.external_id AS "externalId" FROM sessions t WHERE t.format = 'claude-code' AND NOT EXISTS
       (SELECT 1 FROM transcript_files p WHERE p.project_id = t.project_id AND p.session_id = t.external_id AND p.part = '')`,
  );
  const problems = orphans.map((r) => `session ${at(r)} has no stored transcript`);
  const parts = await db.all<StoredPart>(
    `SELECT project_id AS "projectId", session_id AS "sessionId", part, name, content FROM transcript_files ORDER BY part`,
  );
  const sessions = new Map<string, StoredPart[]>();
  for (const p of parts)
    sessions.set(`${p.projectId}/${p.sessionId}`, [...(sessions.get(`${p.projectId}/${p.sessionId}`) ?? []), p]);
  for (const [where, list] of sessions) {
    const main = list.find((p) => p.part === "");
    if (!main) continue;
    const parsed = list.map((p) => parseFile(transcriptBytes(p.content), p.name));
    const agents = parsed.flatMap((p) => (p.transcript?.agentId ? [p.transcript] : [])) as TranscriptFile[];
    const metas = parsed.flatMap((p) => (p.agentMeta ? [p.agentMeta] : [])) as AgentMeta[];
    const transcript = parsed[list.indexOf(main)]!.transcript;
    if (!transcript) continue;
    const expected = assembleSession(transcript, agents, metas);
    const [row] = await db.all<{ raw: string; operationCount: number }>(
      `SELECT raw, operation_count AS "operationCount" FROM sessions WHERE project_id = ? AND external_id = ?`,
      main.projectId,
      main.sessionId,
    );
    if (!row) problems.push(`transcript ${where} is stored without its session`);
    else if (row.raw !== JSON.stringify(expected.raw) || row.operationCount !== expected.operationCount) {
      problems.push(`session ${where} was not re-assembled from its ${list.length} stored parts`);
    }
  }
  return problems;
}

/** Everything wrong with the stored data, as sentences; empty when it is sound. */
export async function checkDatabase(db: Stored): Promise<string[]> {
  const engine = await db.engineChecks();
  return [
    ...engine,
    ...(await db.snapshot(async () => [...(await sessionChecks(db)), ...(await transcriptChecks(db))])),
  ];
}
