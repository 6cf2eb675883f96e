// `npm run test:faults`: the production server on a fresh database, uploaded to by FAULT_CLIENTS (3) concurrent
// clients, is killed with SIGKILL FAULT_KILLS (20) times at seeded random moments and restarted each time. After
// every kill the database (a copy, so the server recovers the original itself) must pass SQLite's checks and hold
// no half-stored trajectory or session; at the end every acknowledged file must be stored exactly as sent, and
// every other file whole or not at all.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createRandom } from "@/lib/generate/random";
import { buildIfStale, distDir } from "../build-if-stale.mjs";
import { createToken, startServer, type RunningServer, type ServerOptions } from "../harness/production-server";
import { startClient, type Attempt } from "./client";
import { checkDatabase } from "./database-checks";
import { checkUploads } from "./upload-checks";

const kills = Number(process.env.FAULT_KILLS ?? 20);
const clientCount = Number(process.env.FAULT_CLIENTS ?? 3);
const port = Number(process.env.FAULT_PORT ?? 3330);
const seed = Number(process.env.FAULT_SEED ?? 20);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks a copy of the database files as a kill left them. */
function checkCopy(dbPath: string, scratch: string): string[] {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch);
  const copy = path.join(scratch, "copy.db");
  for (const suffix of ["", "-wal", "-shm"]) if (fs.existsSync(dbPath + suffix)) fs.copyFileSync(dbPath + suffix, copy + suffix);
  const db = new Database(copy);
  try {
    return checkDatabase(db);
  } finally {
    db.close();
  }
}

interface Run {
  attempts: Attempt[];
  /** Kills that came while at least one upload was in flight. */
  killsDuringIngest: number;
  problems: string[];
}

/** Uploads from the clients while the server is killed and restarted `kills` times; stops the server at the end. */
async function killRepeatedly(options: ServerOptions, scratch: string): Promise<Run> {
  const rng = createRandom(seed);
  const problems: string[] = [];
  /** Problems found after an earlier kill, reported once. */
  const seen = new Set<string>();
  let killsDuringIngest = 0;
  let server: RunningServer = await startServer(options);
  try {
    const token = await createToken(server.url, "fault test");
    const clients = Array.from({ length: clientCount }, (_, i) => startClient(server.url, token, seed, i));
    for (let kill = 1; kill <= kills; kill++) {
      await sleep(rng.int(100, 1_500));
      if (clients.some((c) => c.inFlight() > 0)) killsDuringIngest++;
      await server.kill();
      for (const problem of checkCopy(options.dbPath, scratch)) {
        if (!seen.has(problem)) problems.push(`after kill ${kill}: ${problem}`);
        seen.add(problem);
      }
      server = await startServer(options);
      process.stdout.write(`kill ${kill}/${kills} `);
    }
    await sleep(1_000);
    await Promise.all(clients.map((c) => c.stop()));
    await server.stop();
    return { attempts: clients.flatMap((c) => c.attempts), killsDuringIngest, problems };
  } finally {
    await server.kill();
  }
}

async function main(): Promise<void> {
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-faults-"));
  const options: ServerOptions = {
    port,
    dbPath: path.join(dir, "starlight.db"),
    logFile: path.join(dir, "server.log"),
    env: { STARLIGHT_INGEST_PER_MINUTE: "1000000", STARLIGHT_LOGIN_ATTEMPTS: "1000" },
  };
  console.log(`Build ${path.relative(process.cwd(), distDir())}; database ${options.dbPath}; server log ${options.logFile}`);
  const started = Date.now();
  const run = await killRepeatedly(options, path.join(dir, "after-kill"));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  const db = new Database(options.dbPath);
  const problems = [...run.problems, ...checkDatabase(db).filter((p) => !run.problems.some((earlier) => earlier.endsWith(p)))];
  const { problems: uploadProblems, stats } = checkUploads(db, run.attempts);
  problems.push(...uploadProblems);
  const stored = db.prepare(`SELECT count(*) AS n FROM trajectories`).get() as { n: number };
  db.close();

  console.log(`\n\nFaults: ${kills} SIGKILLs in ${seconds} s (seed ${seed}), ${clientCount} clients`);
  console.log(`  kills during an upload   ${run.killsDuringIngest} of ${kills}`);
  console.log(`  upload attempts          ${stats.attempts}: ${stats.acknowledged} acknowledged, ${stats.unanswered} cut by a kill, ${stats.refused} refused (server down)`);
  console.log(`  files acknowledged       ${stats.filesAcknowledged}`);
  console.log(`  files cut by a kill      ${stats.unacknowledgedWhole} stored whole, ${stats.unacknowledgedAbsent} absent`);
  console.log(`  trajectories stored      ${stored.n}`);
  if (problems.length > 0) {
    console.error(`\n✗ fault test failed (${problems.length} problems):\n  - ${problems.slice(0, 30).join("\n  - ")}\n  (server log: ${options.logFile})`);
    process.exit(1);
  }
  console.log("\n✓ fault test passed: integrity ok after every kill, acknowledged files whole, nothing stored half-way");
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
