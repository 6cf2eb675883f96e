/**
 * Ingest timings for one workload: through the library (`ingestFiles` on a fresh database file), through HTTP (the
 * production server's ingest route, with a token), and the baselines of the same run: a bare better-sqlite3 insert
 * of the same rows (each line JSON.parsed, then inserted by a prepared statement, one transaction per request), and
 * JSON.parse of every line alone.
 */
import Database from "better-sqlite3";
import { openDb } from "@/db/client";
import { ingestFiles } from "@/lib/server/ingest";
import { multipart, type UploadFile, type Workload } from "./batches";
import { elapsed } from "./measure";
import type { BenchServer } from "./server";

interface Report {
  totals: { accepted: number; rejected: number };
}

/** What every batch must have stored: each ACOS trajectory, or each transcript file. */
const expected = (w: Workload, batch: readonly UploadFile[]) => (w.kind === "acos" ? batch.reduce((n, f) => n + f.records, 0) : batch.length);

function check(w: Workload, batch: readonly UploadFile[], report: Report, how: string): void {
  if (report.totals.accepted !== expected(w, batch) || report.totals.rejected !== 0) {
    throw new Error(`${how} ingest of ${w.kind} stored ${report.totals.accepted} of ${expected(w, batch)} (${report.totals.rejected} rejected)`);
  }
}

export function libraryIngest(dbPath: string, w: Workload, project: string): number {
  const db = openDb(dbPath);
  const ms = elapsed(() => {
    for (const batch of w.batches) check(w, batch, ingestFiles(db, batch, project, () => true), "library");
  });
  db.$client.close();
  return ms;
}

export async function httpIngest(server: BenchServer, w: Workload, project: string): Promise<number> {
  const bodies = w.batches.map((batch) => ({ batch, ...multipart(batch) }));
  const started = performance.now();
  for (const { batch, body, contentType } of bodies) {
    const response = await fetch(`${server.url}/api/v1/ingest?project=${project}`, {
      method: "POST",
      headers: { ...server.tokenHeaders, "content-type": contentType },
      body: new Uint8Array(body),
    });
    if (response.status !== 200) throw new Error(`HTTP ingest of ${w.kind}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    check(w, batch, (await response.json()) as Report, "HTTP");
  }
  return performance.now() - started;
}

const linesOf = (file: UploadFile) => file.content.toString("utf8").split("\n").filter((line) => line.trim() !== "");

function bareAcos(db: Database.Database, w: Workload): number {
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, external_id TEXT UNIQUE, started_at INTEGER, success_score REAL,
    operation_count INTEGER, tool_breakdown TEXT, raw TEXT)`);
  const insert = db.prepare("INSERT INTO t (external_id, started_at, success_score, operation_count, tool_breakdown, raw) VALUES (?, ?, ?, ?, ?, ?)");
  return elapsed(() => {
    for (const batch of w.batches) {
      db.transaction(() => {
        for (const file of batch) {
          for (const line of linesOf(file)) {
            const r = JSON.parse(line) as { id: string; startedAt: string; successScore: number; operationCount: number; toolBreakdown: unknown };
            insert.run(r.id, Date.parse(r.startedAt), r.successScore, r.operationCount, JSON.stringify(r.toolBreakdown), line);
          }
        }
      })();
    }
  });
}

function bareTranscripts(db: Database.Database, w: Workload): number {
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, session_id TEXT UNIQUE, name TEXT, line_count INTEGER, content TEXT)");
  const insert = db.prepare("INSERT INTO t (session_id, name, line_count, content) VALUES (?, ?, ?, ?)");
  return elapsed(() => {
    for (const batch of w.batches) {
      db.transaction(() => {
        for (const file of batch) {
          const lines = linesOf(file);
          let sessionId: string | null = null;
          for (const line of lines) {
            const parsed = JSON.parse(line) as { sessionId?: string };
            sessionId ??= parsed.sessionId ?? null;
          }
          insert.run(sessionId, file.name, lines.length, lines.join("\n"));
        }
      })();
    }
  });
}

/** The bare insert of the same rows into a fresh file with the app's pragmas (WAL, synchronous NORMAL). */
export function bareIngest(dbPath: string, w: Workload): number {
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const ms = w.kind === "acos" ? bareAcos(db, w) : bareTranscripts(db, w);
  db.close();
  return ms;
}

/** JSON.parse of every line (decoding included): the floor any transcript parser pays. */
export function parseOnly(w: Workload): number {
  return elapsed(() => {
    for (const batch of w.batches) for (const file of batch) for (const line of linesOf(file)) JSON.parse(line);
  });
}
