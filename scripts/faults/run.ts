// `npm run test:faults`: production servers on a fresh database, uploaded to by FAULT_CLIENTS (3) concurrent clients,
// killed with SIGKILL FAULT_KILLS (20) times at seeded random moments and restarted each time. After every kill the
// database must pass its engine's checks and hold no half-stored session; at the end every
// acknowledged file must be stored exactly as sent, and every other file whole or not at all.
//
// On SQLite (the default) one server owns the file; each kill's check reads a copy of the files, so the server
// recovers the original itself. With FAULT_BACKEND=postgres two web processes share one PostgreSQL database, the
// clients split between them; each kill hits one of them while the other goes on taking uploads, and the check
// reads one snapshot of the live database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRandom } from "@/test/factories/generate/random";
import { buildIfStale, distDir } from "../build-if-stale.mjs";
import { testDatabase, type TestDatabase } from "../harness/postgres";
import { createToken, startServer, type RunningServer, type ServerOptions } from "../harness/production-server";
import { storedPostgres, storedSqlite, type Stored } from "../harness/stored";
import { startClient, type Attempt } from "./client";
import { checkDatabase } from "./database-checks";
import { checkUploads } from "./upload-checks";

const kills = Number(process.env.FAULT_KILLS ?? 20);
const clientCount = Number(process.env.FAULT_CLIENTS ?? 3);
const port = Number(process.env.FAULT_PORT ?? 3330);
const seed = Number(process.env.FAULT_SEED ?? 20);
const postgres = process.env.FAULT_BACKEND === "postgres";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored data as a kill left it: a copy of the SQLite files, or the live PostgreSQL database. */
async function afterKill(options: ServerOptions, scratch: string): Promise<Stored> {
  if (options.databaseUrl) return storedPostgres(options.databaseUrl);
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch);
  const copy = path.join(scratch, "copy.db");
  for (const suffix of ["", "-wal", "-shm"])
    if (fs.existsSync(options.dbPath + suffix)) fs.copyFileSync(options.dbPath + suffix, copy + suffix);
  return storedSqlite(copy);
}

const storedAtEnd = (options: ServerOptions) =>
  options.databaseUrl ? storedPostgres(options.databaseUrl) : Promise.resolve(storedSqlite(options.dbPath));

interface Run {
  attempts: Attempt[];
  /** Kills that came while at least one upload was in flight. */
  killsDuringIngest: number;
  problems: string[];
}

/** Uploads from the clients while a server is killed and restarted `kills` times; stops the servers at the end. */
async function killRepeatedly(optionsEach: ServerOptions[], scratch: string): Promise<Run> {
  const rng = createRandom(seed);
  const problems: string[] = [];
  /** Problems found after an earlier kill, reported once. */
  const seen = new Set<string>();
  let killsDuringIngest = 0;
  const servers: RunningServer[] = [];
  try {
    for (const options of optionsEach) servers.push(await startServer(options));
    const token = await createToken(servers[0]!.url, "fault test");
    const clients = Array.from({ length: clientCount }, (_, i) =>
      startClient(servers[i % servers.length]!.url, token, seed, i),
    );
    for (let kill = 1; kill <= kills; kill++) {
      await sleep(rng.int(100, 1_500));
      const target = kill % servers.length;
      if (clients.some((c, i) => i % servers.length === target && c.inFlight() > 0)) killsDuringIngest++;
      await servers[target]!.kill();
      const stored = await afterKill(optionsEach[target]!, scratch);
      try {
        for (const problem of await checkDatabase(stored)) {
          if (!seen.has(problem)) problems.push(`after kill ${kill}: ${problem}`);
          seen.add(problem);
        }
      } finally {
        await stored.close();
      }
      servers[target] = await startServer(optionsEach[target]!);
      process.stdout.write(`kill ${kill}/${kills} `);
    }
    await sleep(1_000);
    await Promise.all(clients.map((c) => c.stop()));
    for (const server of servers) await server.stop();
    return { attempts: clients.flatMap((c) => c.attempts), killsDuringIngest, problems };
  } finally {
    for (const server of servers) await server.kill();
  }
}

async function main(): Promise<void> {
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-faults-"));
  const database: TestDatabase | null = postgres ? await testDatabase("starlight_faults") : null;
  const base = {
    dbPath: path.join(dir, "starlight.db"),
    databaseUrl: database?.url,
    env: {
      STARLIGHT_INGEST_PER_MINUTE: "1000000",
      STARLIGHT_UPLOADS_CONCURRENT: "1000",
      STARLIGHT_LOGIN_ATTEMPTS: "1000",
    },
  };
  const optionsEach: ServerOptions[] = Array.from({ length: postgres ? 2 : 1 }, (_, i) => ({
    ...base,
    port: port + i,
    logFile: path.join(dir, `server-${i}.log`),
  }));
  const where = database ? `PostgreSQL ${database.url}, two web processes` : `database ${base.dbPath}`;
  console.log(`Build ${path.relative(process.cwd(), distDir())}; ${where}; server logs in ${dir}`);
  const started = Date.now();
  try {
    const run = await killRepeatedly(optionsEach, path.join(dir, "after-kill"));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const stored = await storedAtEnd(optionsEach[0]!);
    const problems = [
      ...run.problems,
      ...(await checkDatabase(stored)).filter((p) => !run.problems.some((earlier) => earlier.endsWith(p))),
    ];
    const { problems: uploadProblems, stats } = await checkUploads(stored, run.attempts);
    problems.push(...uploadProblems);
    const [count] = await stored.all<{ n: number }>(`SELECT count(*) AS n FROM sessions`);
    await stored.close();

    console.log(`\n\nFaults: ${kills} SIGKILLs in ${seconds} s (seed ${seed}), ${clientCount} clients, ${where}`);
    console.log(`  kills during an upload   ${run.killsDuringIngest} of ${kills}`);
    console.log(
      `  upload attempts          ${stats.attempts}: ${stats.acknowledged} acknowledged, ${stats.unanswered} cut by a kill, ${stats.refused} refused (server down)`,
    );
    console.log(`  files acknowledged       ${stats.filesAcknowledged}`);
    console.log(
      `  files cut by a kill      ${stats.unacknowledgedWhole} stored whole, ${stats.unacknowledgedAbsent} absent`,
    );
    console.log(`  sessions stored      ${count!.n}`);
    if (problems.length > 0) {
      console.error(
        `\n✗ fault test failed (${problems.length} problems):\n  - ${problems.slice(0, 30).join("\n  - ")}\n  (server logs in ${dir})`,
      );
      process.exit(1);
    }
    console.log(
      `\n✓ fault test passed: ${database ? "amcheck" : "integrity"} ok after every kill, acknowledged files whole, nothing stored half-way`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await database?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
