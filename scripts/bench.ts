/**
 * `npm run bench`: Starlight's performance in one run, on data from the repo's seeded generators, at 1,000, 10,000
 * and 100,000 sessions (and 10,000, 100,000 and 1,000,000 memories), on SQLite and on PostgreSQL side by side:
 * ingest through the production server and through the library against the engine's bare insert of the same rows
 * (better-sqlite3, or multi-row INSERTs through `pg`), the Codex and Gemini parsers against JSON.parse of the same
 * lines, guidance, page render times, memory search, `starlight import` (the built CLI, as a user runs it) of 10,000
 * ACOS trajectory files and 100,000 transcript lines against the library ingest of the same files, peak memory (and
 * while streaming a 500 MB upload), /api/v1/health's latency while one caller uploads a large transcript, batches MCP
 * calls, reports an ablation run or sends a file of bad lines, each cost's growth with the data, the knowledge
 * evaluation's figures (docs/knowledge-eval.md), and the targets of docs/performance-targets.md on each engine.
 *
 *   npm run bench             the full run → bench/results.json and bench/results.md (about 25 minutes on 2 cores:
 *                             about 8 for SQLite, the rest for PostgreSQL, whose ingest and seeding are slower, 5 of
 *                             them storing its 1,000,000 memories)
 *   npm run bench -- --quick  200 and 400 sessions, 2,000 memories, 2 requests a page, a 10 MB upload,
 *                             starlight import of 200 ACOS files and 2,000 transcript lines, the knowledge evaluation on
 *                             one generated seed, on both engines (keeps the
 *                             harness working in `npm test`; its figures are too small to read) → .tmp/bench-quick/results.json and .md
 *   npm run bench -- --only otlp [--quick]
 *                             only the OTLP receiver's events per second on each engine (scripts/bench/otlp.ts),
 *                             in process, printed
 *   npm run bench -- --only hooks [--quick]
 *                             only the tool-call hook's latency, on the server and through the plugin's command
 *                             (scripts/bench/hooks.ts), printed
 *   npm run bench -- --only stalls [--quick]
 *                             only /api/v1/health's latency while one caller loads the server (scripts/bench/stalls.ts),
 *                             printed
 *
 * Serves the build in `.next`, or STARLIGHT_NEXT_DIR, built first when older than the sources; BENCH_PORT (3310).
 * PostgreSQL: the server of STARLIGHT_TEST_DATABASE_URL when set, else a throwaway cluster for the run.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale, buildIsStale } from "./build-if-stale.mjs";
import { ENGINE_NAMES, ENGINES, openDatabases, type Databases, type Engine } from "./bench/databases";
import { benchCli, writeCliFolders } from "./bench/cli-import";
import { benchKnowledge, knowledgeTargets } from "./bench/knowledge";
import { elapsed } from "./bench/measure";
import { benchMemorySearch, type MemoryFigures } from "./bench/memories";
import { phase } from "./bench/phase";
import { PLANS, type Plan } from "./bench/plans";
import { markdown } from "./bench/report";
import { growth, type BenchResults, type Meta, type PeakMemory, type SizeFigures } from "./bench/results";
import { startBenchServer } from "./bench/server";
import { runSize } from "./bench/size-run";
import { targets } from "./bench/targets";
import { benchOtlp } from "./bench/otlp";
import { benchHooks, type HookLatency } from "./bench/hooks";
import { benchStalls, type StallFigures } from "./bench/stalls";
import { largeUpload, type UploadFigures } from "./bench/upload";

const { values: flags } = parseArgs({ options: { quick: { type: "boolean" }, only: { type: "string" } } });
const plan: Plan = PLANS[flags.quick ? "quick" : "full"];
const port = Number(process.env.BENCH_PORT ?? 3310);

const git = (command: string) => execSync(`git ${command}`, { encoding: "utf8" }).trim();

/** The run's context, taken when it starts (before other work on the tree can change it). */
function context(): Pick<Meta, "date" | "commit" | "uncommittedFiles" | "loadAverage"> {
  const load = os.loadavg()[0] ?? 0;
  return {
    date: new Date().toISOString(),
    commit: git("rev-parse HEAD"),
    uncommittedFiles: git("status --porcelain").split("\n").filter(Boolean).length,
    loadAverage: { start: load, end: load },
  };
}

function meta(
  start: ReturnType<typeof context>,
  postgres: string,
  buildSeconds: number,
  durationSeconds: number,
): Meta {
  return {
    ...start,
    mode: plan.mode,
    command: plan.command,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGb: os.totalmem() / 1024 ** 3,
    loadAverage: { start: start.loadAverage.start, end: os.loadavg()[0] ?? 0 },
    buildSeconds,
    durationSeconds,
    sizes: plan.sizes,
    memorySizes: plan.memorySizes,
    cli: plan.cli,
    postgres,
  };
}

async function streamLargeUpload(
  databases: Databases,
  engine: Engine,
  dir: string,
  mb: number,
): Promise<UploadFigures> {
  console.log(`\n${mb} MB upload, ${ENGINE_NAMES[engine]}`);
  const env = { STARLIGHT_MAX_BODY_MB: String(mb + 16) };
  const place = await databases.fresh(engine, "upload");
  const server = await startBenchServer(place, port, path.join(dir, "server.log"), env);
  try {
    const upload = await largeUpload(server, mb);
    console.log(
      `  first ${upload.first.mb} MB: server RSS ${upload.first.serverBeforeMb.toFixed(0)} MB fresh, peak ${upload.first.serverPeakMb.toFixed(0)} MB`,
    );
    console.log(
      `  HTTP ${upload.status} in ${upload.seconds.toFixed(1)} s; server RSS ${upload.serverBeforeMb.toFixed(0)} MB before, peak ${upload.serverPeakMb.toFixed(0)} MB`,
    );
    return upload;
  } finally {
    await server.stop();
    await place.drop();
  }
}

async function benchMemories(
  databases: Databases,
  engine: Engine,
  size: number,
  peaks: PeakMemory[],
): Promise<MemoryFigures> {
  console.log(`\n${size.toLocaleString("en-US")} memories, ${ENGINE_NAMES[engine]}`);
  const place = await databases.fresh(engine, `memories-${size}`);
  try {
    const figures = await phase(peaks, { name: "memory search", engine, size }, () => benchMemorySearch(place, size));
    console.log(
      `  stored in ${(figures.storeMs / 1000).toFixed(1)} s; search p50 ${figures.all.p50.toFixed(2)} ms, p95 ${figures.all.p95.toFixed(2)} ms, slowest ${figures.all.max.toFixed(1)} ms`,
    );
    return figures;
  } finally {
    await place.drop();
  }
}

type Measured = Pick<BenchResults, "runs" | "memories" | "upload" | "stalls" | "hooks" | "cli" | "otlp">;

async function stallsOn(databases: Databases, engine: Engine, dir: string): Promise<StallFigures> {
  console.log(`\navailability under one caller's load, ${ENGINE_NAMES[engine]}`);
  return benchStalls(databases, engine, { port, log: path.join(dir, "server.log"), ...plan.stalls });
}

async function hooksOn(databases: Databases, engine: Engine, dir: string): Promise<HookLatency> {
  console.log(`\ntool-call hook latency, ${ENGINE_NAMES[engine]}`);
  const figures = await benchHooks(databases, engine, {
    port,
    log: path.join(dir, "server.log"),
    calls: plan.hookCalls,
  });
  const { server, floor, plugin, node } = figures;
  console.log(
    `  server p50 ${server.p50.toFixed(1)} ms, p95 ${server.p95.toFixed(1)} ms (${figures.calls} calls, ${figures.noted} with a note; /api/v1/health p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms); plugin's command p50 ${plugin.p50.toFixed(0)} ms, p95 ${plugin.p95.toFixed(0)} ms (${plugin.calls} calls; node -e '' in turn p50 ${node.p50.toFixed(0)} ms, p95 ${node.p95.toFixed(0)} ms: ×${(plugin.p50 / node.p50).toFixed(2)} at p50, ×${(plugin.p95 / node.p95).toFixed(2)} at p95)`,
  );
  return figures;
}

async function cliImports(databases: Databases, dir: string, peaks: PeakMemory[]): Promise<Measured["cli"]> {
  const { acosFiles, transcriptLines } = plan.cli;
  console.log(
    `\nstarlight import of ${acosFiles.toLocaleString("en-US")} ACOS files and ${transcriptLines.toLocaleString("en-US")} transcript lines`,
  );
  const folders = writeCliFolders(dir, acosFiles, transcriptLines);
  const options = { databases, port, log: path.join(dir, "server.log"), dir, ingestBudgetMs: plan.ingestBudgetMs };
  const cli = {} as Measured["cli"];
  for (const engine of ENGINES) cli[engine] = await benchCli(engine, folders, options, peaks);
  return cli;
}

async function measure(databases: Databases, dir: string, peaks: PeakMemory[]): Promise<Measured> {
  const runs: SizeFigures[] = [];
  const options = { databases, port, log: path.join(dir, "server.log"), ...plan };
  for (const [index, size] of plan.sizes.entries()) runs.push(await runSize(size, index, options, peaks));
  const cli = await cliImports(databases, dir, peaks);
  const memories: Measured["memories"] = { sqlite: [], postgresql: [] };
  for (const size of plan.memorySizes)
    for (const engine of ENGINES) memories[engine].push(await benchMemories(databases, engine, size, peaks));
  const upload = {} as Measured["upload"];
  for (const engine of ENGINES) upload[engine] = await streamLargeUpload(databases, engine, dir, plan.uploadMb);
  const stalls = {} as Measured["stalls"];
  for (const engine of ENGINES) stalls[engine] = await stallsOn(databases, engine, dir);
  const hooks = {} as Measured["hooks"];
  for (const engine of ENGINES) hooks[engine] = await hooksOn(databases, engine, dir);
  const otlp = {} as Measured["otlp"];
  for (const engine of ENGINES) otlp[engine] = await benchOtlp(databases, engine, plan.otlpEvents);
  return { runs, memories, upload, stalls, hooks, cli, otlp };
}

/** The OTLP receiver's scenario alone (`npm run bench -- --only otlp`): in process, so nothing is built; printed. */
async function otlpOnly(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-bench-"));
  try {
    const databases = await openDatabases(dir);
    try {
      for (const engine of ENGINES) await benchOtlp(databases, engine, plan.otlpEvents);
    } finally {
      await databases.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (flags.only === "otlp") return otlpOnly();
  const start = context();
  const buildSeconds = buildIsStale() ? elapsed(buildIfStale) / 1000 : 0;
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-bench-"));
  const peaks: PeakMemory[] = [];
  try {
    const databases = await openDatabases(dir);
    try {
      if (flags.only === "stalls") {
        // The availability scenario alone (`npm run bench -- --only stalls`, with --quick for its smaller loads): its
        // figures are printed, and no results file is written.
        for (const engine of ENGINES) await stallsOn(databases, engine, dir);
        return;
      }
      if (flags.only === "hooks") {
        // The tool-call hook's latency alone (`npm run bench -- --only hooks`): printed, no results file written.
        for (const engine of ENGINES) await hooksOn(databases, engine, dir);
        return;
      }
      if (flags.only !== undefined) throw new Error(`--only takes "stalls", "hooks" or "otlp", not "${flags.only}"`);
      const measured = await measure(databases, dir, peaks);
      const knowledge = await benchKnowledge(dir, plan.knowledgeSeeds);
      const grown = growth(measured.runs, measured.memories, peaks);
      const results: BenchResults = {
        meta: meta(start, databases.postgres, buildSeconds, (performance.now() - started) / 1000),
        ...measured,
        knowledge,
        peakMemory: peaks,
        growth: grown,
        targets: [...targets({ ...measured, growth: grown }), ...knowledgeTargets(knowledge)],
      };
      const md = markdown(results);
      const out = path.resolve(plan.out);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(`${out}.json`, `${JSON.stringify(results, null, 2)}\n`);
      fs.writeFileSync(`${out}.md`, md);
      console.log(`\n${md}\nWritten to ${plan.out}.json and ${plan.out}.md.`);
    } finally {
      await databases.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
