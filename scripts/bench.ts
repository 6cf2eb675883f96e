// `npm run bench`: measures ingest throughput through the real route handler against a real SQLite file, and a
// bare better-sqlite3 insert of the same rows in the same run as the baseline. Reports ratios, not absolutes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { generateAcosTrajectories, toJsonl } from "@/lib/generate/acos";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-bench-"));
process.env.STARLIGHT_DB = path.join(dir, "app.db");
process.env.STARLIGHT_MAX_BODY_MB = "1024";

function bareInsert(file: string, records: Record<string, unknown>[]): number {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, external_id TEXT UNIQUE, started_at INTEGER, success_score REAL,
    operation_count INTEGER, tool_breakdown TEXT, raw TEXT)`);
  const insert = db.prepare(`INSERT INTO t (external_id, started_at, success_score, operation_count, tool_breakdown, raw) VALUES (?, ?, ?, ?, ?, ?)`);
  const started = performance.now();
  db.transaction(() => {
    for (const r of records) {
      insert.run(r.id, Date.parse(String(r.startedAt)), r.successScore, r.operationCount, JSON.stringify(r.toolBreakdown), JSON.stringify(r));
    }
  })();
  const ms = performance.now() - started;
  db.close();
  return ms;
}

async function main() {
  const { POST } = await import("@/app/api/v1/ingest/route");
  console.log("size     route ms   rows/s    bare ms   bare rows/s   route/bare throughput");
  for (const [i, size] of SIZES.entries()) {
    const records = generateAcosTrajectories({ seed: 7 + i, count: size, idPrefix: `bench${i}` }) as Record<string, unknown>[];
    const body = toJsonl(records);
    const started = performance.now();
    const response = await POST(new Request(`http://bench/api/v1/ingest?project=bench-${size}`, { method: "POST", body }));
    const routeMs = performance.now() - started;
    const report = (await response.json()) as { totals: { accepted: number } };
    if (response.status !== 200 || report.totals.accepted !== size) throw new Error(`ingest failed: ${response.status}`);
    const bareMs = bareInsert(path.join(dir, `bare-${size}.db`), records);
    const rate = (ms: number) => Math.round(size / (ms / 1000));
    console.log(
      `${String(size).padEnd(8)} ${routeMs.toFixed(0).padStart(8)} ${String(rate(routeMs)).padStart(8)} ${bareMs.toFixed(0).padStart(10)} ${String(rate(bareMs)).padStart(13)} ${(bareMs / routeMs).toFixed(2).padStart(12)}`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
