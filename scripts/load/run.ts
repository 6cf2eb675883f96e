// `npm run test:load`: the production server on loopback on a fresh database, LOAD_CONNECTIONS (50) concurrent
// uploaders for LOAD_SECONDS (60) sending new seeded trajectories, then checks that no request failed, that the
// stored trajectories equal the sum of what the server acknowledged, and that the database is intact.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { buildIfStale, distDir } from "../build-if-stale.mjs";
import { latencySummary } from "../harness/latency";
import { createToken, startServer } from "../harness/production-server";
import { runUploader, type Outcome } from "./uploader";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
const port = Number(process.env.LOAD_PORT ?? 3320);
const seed = Number(process.env.LOAD_SEED ?? 9);

interface Stored {
  trajectories: number;
  sessions: number;
  transcriptParts: number;
  memories: number;
  integrity: string;
}

function readStored(dbPath: string): Stored {
  const db = new Database(dbPath, { readonly: true });
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const stored = {
    trajectories: count(`SELECT count(*) AS n FROM trajectories`),
    sessions: count(`SELECT count(*) AS n FROM trajectories WHERE format = 'claude-code'`),
    transcriptParts: count(`SELECT count(*) AS n FROM transcript_files`),
    memories: count(`SELECT count(*) AS n FROM memories WHERE trajectory_id IS NOT NULL`),
    integrity: (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; "),
  };
  db.close();
  return stored;
}

function failures(outcomes: readonly Outcome[], stored: Stored): string[] {
  const out: string[] = [];
  const bad = outcomes.filter((o) => o.status !== 200 || o.error !== null);
  const byStatus = new Map<number, number>();
  for (const o of bad) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  for (const [status, n] of byStatus) {
    const example = bad.find((o) => o.status === status)?.error ?? "";
    out.push(`${n} request(s) answered ${status === 0 ? "nothing" : status}${example ? `, e.g. ${example}` : ""}`);
  }
  const accepted = outcomes.reduce((sum, o) => sum + o.accepted, 0);
  if (accepted !== stored.trajectories) out.push(`the server acknowledged ${accepted} trajectories but ${stored.trajectories} are stored`);
  if (stored.memories !== stored.trajectories) out.push(`${stored.trajectories} trajectories but ${stored.memories} trajectory memories`);
  if (stored.sessions !== stored.transcriptParts) out.push(`${stored.transcriptParts} transcripts but ${stored.sessions} sessions`);
  if (stored.integrity !== "ok") out.push(`integrity_check: ${stored.integrity}`);
  return out;
}

function report(outcomes: readonly Outcome[], stored: Stored, elapsedMs: number, loadBefore: number): void {
  const latency = latencySummary(outcomes.map((o) => o.ms));
  const sent = outcomes.reduce((sum, o) => sum + o.sent, 0);
  const mb = outcomes.reduce((sum, o) => sum + o.bytes, 0) / 1024 / 1024;
  const perSecond = (n: number) => (n / (elapsedMs / 1000)).toFixed(1);
  console.log(`\nLoad: ${connections} uploaders for ${(elapsedMs / 1000).toFixed(1)} s (seed ${seed})`);
  console.log(`  requests          ${outcomes.length} (${perSecond(outcomes.length)}/s), ${mb.toFixed(1)} MB sent`);
  console.log(`  trajectories sent ${sent} (${perSecond(sent)}/s)`);
  console.log(`  latency ms        p50 ${latency.p50.toFixed(0)}  p95 ${latency.p95.toFixed(0)}  p99 ${latency.p99.toFixed(0)}  max ${latency.max.toFixed(0)}`);
  console.log(`  stored            ${stored.trajectories} trajectories (${stored.sessions} sessions), ${stored.memories} memories`);
  console.log(`  integrity_check   ${stored.integrity}`);
  console.log(`  machine           ${os.cpus().length} cores; load average before the run ${loadBefore.toFixed(1)} (other work on it)`);
}

async function main(): Promise<void> {
  buildIfStale();
  const loadBefore = os.loadavg()[0]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-load-"));
  const dbPath = path.join(dir, "starlight.db");
  const logFile = path.join(dir, "server.log");
  console.log(`Build ${path.relative(process.cwd(), distDir())}; database ${dbPath}; server log ${logFile}`);
  const server = await startServer({
    port,
    dbPath,
    logFile,
    env: { STARLIGHT_INGEST_PER_MINUTE: "1000000", STARLIGHT_LOGIN_ATTEMPTS: "1000" },
  });
  let outcomes: Outcome[] = [];
  let elapsed = 0;
  try {
    const token = await createToken(server.url, "load test");
    const started = Date.now();
    const deadline = started + seconds * 1000;
    const workers = Array.from({ length: connections }, (_, i) => runUploader(server.url, token, seed, i, deadline));
    outcomes = (await Promise.all(workers)).flat();
    elapsed = Date.now() - started;
  } finally {
    await server.stop();
  }
  const stored = readStored(dbPath);
  report(outcomes, stored, elapsed, loadBefore);
  const found = failures(outcomes, stored);
  if (found.length > 0) {
    console.error(`\n✗ load test failed:\n  - ${found.join("\n  - ")}\n  (server log: ${logFile})`);
    process.exit(1);
  }
  console.log("\n✓ load test passed: no failed request, stored = acknowledged, database intact");
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
