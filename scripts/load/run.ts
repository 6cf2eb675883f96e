// `npm run test:load`: the production server on loopback on a fresh database, LOAD_CONNECTIONS (50) concurrent
// uploaders for LOAD_SECONDS (60) sending new seeded sessions, then checks that no request failed, that the
// stored sessions equal the sum of what the server acknowledged, and that the database is intact. With
// LOAD_BACKEND=postgres, two web processes share one PostgreSQL database and the uploaders alternate between them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale, distDir } from "../build-if-stale.mjs";
import { latencySummary } from "../harness/latency";
import { testDatabase } from "../harness/postgres";
import { createToken, startServer, type RunningServer } from "../harness/production-server";
import { storedPostgres, storedSqlite, type Stored } from "../harness/stored";
import { runUploader, type Outcome } from "./uploader";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50);
const port = Number(process.env.LOAD_PORT ?? 3320);
const seed = Number(process.env.LOAD_SEED ?? 9);
const postgres = process.env.LOAD_BACKEND === "postgres";

interface Counts {
  sessions: number;
  transcriptSessions: number;
  transcriptParts: number;
  memories: number;
  integrity: string;
}

async function readStored(data: Stored): Promise<Counts> {
  const count = async (sql: string) => (await data.all<{ n: number }>(sql))[0]!.n;
  const problems = await data.engineChecks();
  return {
    sessions: await count(`SELECT count(*) AS n FROM sessions`),
    transcriptSessions: await count(`SELECT count(*) AS n FROM sessions WHERE format = 'claude-code'`),
    transcriptParts: await count(`SELECT count(*) AS n FROM transcript_files`),
    memories: await count(`SELECT count(*) AS n FROM memories WHERE session_id IS NOT NULL`),
    integrity: problems.length === 0 ? "ok" : problems.join("; "),
  };
}

function failures(outcomes: readonly Outcome[], stored: Counts): string[] {
  const out: string[] = [];
  const bad = outcomes.filter((o) => o.status !== 200 || o.error !== null);
  const byStatus = new Map<number, number>();
  for (const o of bad) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  for (const [status, n] of byStatus) {
    const example = bad.find((o) => o.status === status)?.error ?? "";
    out.push(`${n} request(s) answered ${status === 0 ? "nothing" : status}${example ? `, e.g. ${example}` : ""}`);
  }
  const accepted = outcomes.reduce((sum, o) => sum + o.accepted, 0);
  if (accepted !== stored.sessions)
    out.push(`the server acknowledged ${accepted} sessions but ${stored.sessions} are stored`);
  if (stored.memories !== stored.sessions)
    out.push(`${stored.sessions} sessions but ${stored.memories} session memories`);
  if (stored.transcriptSessions !== stored.transcriptParts)
    out.push(`${stored.transcriptParts} transcripts but ${stored.transcriptSessions} sessions from transcripts`);
  if (stored.integrity !== "ok") out.push(stored.integrity);
  return out;
}

function report(outcomes: readonly Outcome[], stored: Counts, elapsedMs: number, loadBefore: number): void {
  const latency = latencySummary(outcomes.map((o) => o.ms));
  const sent = outcomes.reduce((sum, o) => sum + o.sent, 0);
  const mb = outcomes.reduce((sum, o) => sum + o.bytes, 0) / 1024 / 1024;
  const perSecond = (n: number) => (n / (elapsedMs / 1000)).toFixed(1);
  console.log(`\nLoad: ${connections} uploaders for ${(elapsedMs / 1000).toFixed(1)} s (seed ${seed})`);
  console.log(`  requests          ${outcomes.length} (${perSecond(outcomes.length)}/s), ${mb.toFixed(1)} MB sent`);
  console.log(`  sessions sent ${sent} (${perSecond(sent)}/s)`);
  console.log(
    `  latency ms        p50 ${latency.p50.toFixed(0)}  p95 ${latency.p95.toFixed(0)}  p99 ${latency.p99.toFixed(0)}  max ${latency.max.toFixed(0)}`,
  );
  console.log(
    `  stored            ${stored.sessions} sessions (${stored.transcriptSessions} from transcripts), ${stored.memories} memories`,
  );
  console.log(`  integrity         ${stored.integrity} (${postgres ? "amcheck of every index" : "integrity_check"})`);
  console.log(
    `  machine           ${os.cpus().length} cores; load average before the run ${loadBefore.toFixed(1)} (other work on it)`,
  );
}

async function main(): Promise<void> {
  buildIfStale();
  const loadBefore = os.loadavg()[0]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-load-"));
  const dbPath = path.join(dir, "starlight.db");
  const database = postgres ? await testDatabase("starlight_load") : null;
  const where = database ? `PostgreSQL ${database.url}, two web processes` : `database ${dbPath}`;
  console.log(`Build ${path.relative(process.cwd(), distDir())}; ${where}; server logs in ${dir}`);
  const servers: RunningServer[] = [];
  let outcomes: Outcome[] = [];
  let elapsed = 0;
  try {
    for (let i = 0; i < (postgres ? 2 : 1); i++) {
      servers.push(
        await startServer({
          port: port + i,
          dbPath,
          databaseUrl: database?.url,
          logFile: path.join(dir, `server-${i}.log`),
          env: {
            STARLIGHT_INGEST_PER_MINUTE: "1000000",
            STARLIGHT_UPLOADS_CONCURRENT: "1000",
            STARLIGHT_LOGIN_ATTEMPTS: "1000",
          },
        }),
      );
    }
    const token = await createToken(servers[0]!.url, "load test");
    const started = Date.now();
    const deadline = started + seconds * 1000;
    const workers = Array.from({ length: connections }, (_, i) =>
      runUploader(servers[i % servers.length]!.url, token, seed, i, deadline),
    );
    outcomes = (await Promise.all(workers)).flat();
    elapsed = Date.now() - started;
    for (const server of servers) await server.stop();
    const data = database ? await storedPostgres(database.url) : storedSqlite(dbPath);
    const stored = await readStored(data);
    await data.close();
    report(outcomes, stored, elapsed, loadBefore);
    const found = failures(outcomes, stored);
    if (found.length > 0) {
      console.error(`\n✗ load test failed:\n  - ${found.join("\n  - ")}\n  (server logs in ${dir})`);
      process.exitCode = 1;
      return;
    }
    console.log(`\n✓ load test passed: no failed request, stored = acknowledged, database intact (${where})`);
    fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    for (const server of servers) await server.kill();
    await database?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
