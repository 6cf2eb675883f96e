/**
 * The import a user runs: `starlight import` (bin/starlight.mjs, the built CLI with its default batches and
 * concurrency, as a child process) against the bench's production server, of a folder of ACOS trajectory files (a file
 * each, as ACOS writes them) and of a ~/.claude/projects tree of Claude Code transcripts. Its baseline, in the same run
 * and on the same engine: the library ingest of the same files (`ingestFiles`, all of them in one call). The CLI's
 * time includes everything the user waits for: starting, walking the folder, reading, sending, the state file.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { acosFilesWorkload, transcriptWorkload, type Workload } from "./batches";
import { ENGINE_NAMES, type Databases, type Engine } from "./databases";
import { libraryIngest } from "./ingest";
import { fastestOf, machineBusyMs, perSecond, processCpuMs } from "./measure";
import { phase } from "./phase";
import type { PeakMemory } from "./results";
import { startBenchServer, type BenchServer } from "./server";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BIN = path.join(ROOT, "bin", "starlight.mjs");

/** One kind of folder imported: what it holds, and the fastest CLI import and library ingest of it. */
interface CliImportFigures {
  /** ACOS trajectories (a file each) or transcript lines. */
  records: number;
  files: number;
  bytes: number;
  /** Requests the CLI sent, as its summary counts them. */
  requests: number;
  cliMs: number;
  /**
   * CPU time over the fastest import: of every process on the machine (the CLI, the server, PostgreSQL's, and
   * anything else running), and of the server's alone. With the machine's cores, it tells how far the import is
   * from using them all.
   */
  cpu: { machineMs: number; serverMs: number; cores: number };
  libraryMs: number;
}

export type CliFigures = Record<"acos" | "transcripts", CliImportFigures>;

type Folder = Workload & { folder: string };

/** The folders the CLI imports, written once for the run, with the files as the library gets them (one batch). */
export interface CliFolders {
  acos: Folder;
  transcripts: Folder;
}

function written(w: Workload, root: string, folder: string): Folder {
  const files = w.batches.flat();
  for (const file of files) {
    const target = path.join(root, file.name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
  return { ...w, batches: [files], folder };
}

/** Builds the CLI (scripts/build-cli.mjs), then writes `acosFiles` ACOS trajectory files and transcripts of about `transcriptLines` lines under `dir`. */
export function writeCliFolders(dir: string, acosFiles: number, transcriptLines: number): CliFolders {
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build-cli.mjs")], { stdio: "inherit" });
  const acosRoot = path.join(dir, "cli", "bench-app", ".claude", "trajectories");
  const projects = path.join(dir, "cli", "projects");
  return {
    acos: written(acosFilesWorkload(acosFiles, 21), acosRoot, path.join(dir, "cli", "bench-app")),
    transcripts: written(transcriptWorkload(transcriptLines, 21), projects, projects),
  };
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** What every import must store: each ACOS trajectory, or each transcript file. */
const expected = (w: Folder) => (w.kind === "acos" ? w.records : w.sessions);

interface CliImport {
  ms: number;
  requests: number;
  cpu: CliImportFigures["cpu"];
}

/** One `starlight import` of the folder into a new project with a new state file: its time, the requests it sent, the CPU it took. */
async function cliImport(server: BenchServer, w: Folder, project: string, state: string): Promise<CliImport> {
  const env = { ...process.env, STARLIGHT_TOKEN: server.token, STARLIGHT_STATE: state };
  const [machineBefore, serverBefore] = [machineBusyMs(), processCpuMs(server.pid)];
  const started = performance.now();
  const { code, stdout, stderr } = await run(["import", w.folder, "--url", server.url, "--project", project], env);
  const ms = performance.now() - started;
  const cpu = {
    machineMs: machineBusyMs() - machineBefore,
    serverMs: processCpuMs(server.pid) - serverBefore,
    cores: os.availableParallelism(),
  };
  const records = /Records: (\d+) accepted, (\d+) duplicates?, (\d+) rejected/.exec(stdout);
  if (code !== 0 || Number(records?.[1]) !== expected(w) || Number(records?.[3]) !== 0) {
    throw new Error(
      `starlight import of ${w.kind} (exit ${code}) stored ${records?.[1]} of ${expected(w)}: ${stdout.slice(-500)} ${stderr.slice(0, 500)}`,
    );
  }
  return { ms, requests: Number(/ in (\d+) requests? to /.exec(stdout)?.[1]), cpu };
}

export interface CliOptions {
  databases: Databases;
  port: number;
  log: string;
  /** Where the state files go. */
  dir: string;
  ingestBudgetMs: number;
}

const REPS = 3;

/** The fastest of up to three library ingests and three CLI imports of each folder, each into a project of its own. */
export async function benchCli(
  engine: Engine,
  folders: CliFolders,
  options: CliOptions,
  peaks: PeakMemory[],
): Promise<CliFigures> {
  const { databases, port, log, dir, ingestBudgetMs } = options;
  const fastest = (work: (rep: number) => Promise<number>) => fastestOf(REPS, work, ingestBudgetMs);
  const place = await databases.fresh(engine, "cli-library");
  const library = await phase(
    peaks,
    { name: "library ingest of the CLI's files", engine, size: folders.acos.records },
    async () => ({
      acos: await fastest((rep) => libraryIngest(place, folders.acos, `acos-files-${rep}`)),
      transcripts: await fastest((rep) => libraryIngest(place, folders.transcripts, `transcripts-${rep}`)),
    }),
  ).finally(() => place.drop());

  const served = await databases.fresh(engine, "cli-import");
  const server = await startBenchServer(served, port, log);
  const none: CliImport = { ms: Infinity, requests: 0, cpu: { machineMs: 0, serverMs: 0, cores: 0 } };
  const cli = { acos: none, transcripts: none };
  try {
    await phase(peaks, { name: "starlight import", engine, size: folders.acos.records, server }, async () => {
      for (const kind of ["acos", "transcripts"] as const) {
        await fastest(async (rep) => {
          const state = path.join(dir, `cli-state-${engine}-${kind}-${rep}.json`);
          const one = await cliImport(server, folders[kind], `cli-${kind}-${rep}`, state);
          if (one.ms < cli[kind].ms) cli[kind] = one;
          return one.ms;
        });
      }
    });
  } finally {
    await server.stop();
    await served.drop();
  }

  const figures = (kind: "acos" | "transcripts"): CliImportFigures => {
    const w = folders[kind];
    return {
      records: w.records,
      files: w.sessions,
      bytes: w.bytes,
      requests: cli[kind].requests,
      cliMs: cli[kind].ms,
      cpu: cli[kind].cpu,
      libraryMs: library[kind],
    };
  };
  const out = { acos: figures("acos"), transcripts: figures("transcripts") };
  console.log(
    `  ${ENGINE_NAMES[engine]} starlight import: ${perSecond(out.acos.records, out.acos.cliMs)} ACOS files/s (library ${perSecond(out.acos.records, out.acos.libraryMs)}), ` +
      `${perSecond(out.transcripts.records, out.transcripts.cliMs)} transcript lines/s (library ${perSecond(out.transcripts.records, out.transcripts.libraryMs)}; ` +
      `${(out.transcripts.cpu.machineMs / out.transcripts.cliMs).toFixed(2)} of ${out.transcripts.cpu.cores} cores busy)`,
  );
  return out;
}
