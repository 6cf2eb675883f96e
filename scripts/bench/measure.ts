/** Timing, percentiles and peak memory for the benchmark. */
import fs from "node:fs";
import { latencySummary } from "../harness/latency";

export function elapsed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** The milliseconds `run` took, until its promise settled: the timing of anything that queries the database. */
export async function elapsedAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * The fastest of `runs` timings of `run` (handed the repetition's number): the least disturbed by other work on the
 * machine, and the same estimator for a figure and its baseline. With `budgetMs`, no run starts once the runs so far
 * have taken that long (the first always runs), so a slow engine or size gets fewer.
 */
export async function fastestOf(
  runs: number,
  run: (rep: number) => number | Promise<number>,
  budgetMs = Infinity,
): Promise<number> {
  let fastest = Infinity;
  const started = performance.now();
  for (let rep = 0; rep < runs && (rep === 0 || performance.now() - started < budgetMs); rep++)
    fastest = Math.min(fastest, await run(rep));
  return fastest;
}

/**
 * Collects the bench process's garbage now, so that what an earlier step generated and let go is not collected
 * during the timings that follow: a million generated memories, once stored, left a major collection pending that
 * ran through the searches timed next (p95 at 1,000,000 memories 13.7 ms with it, 9.7 ms without). The bench runs
 * with node's --expose-gc (package.json, scripts/test.mjs).
 */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("the benchmark needs node's --expose-gc: run it with npm run bench");
  gc();
}

/** `records` per second over `ms`, rounded, for the console. */
export const perSecond = (records: number, ms: number) => Math.round(records / (ms / 1000)).toLocaleString("en-US");

export interface Fastest {
  ms: number;
  runs: number;
}

/**
 * The fastest timing of each of `runs`, taken in turns (one run of each a round, so a change in the machine's load
 * falls on all of them alike), round after round until the rounds have taken `minMs` of wall time, and at least
 * `minRounds` of them: a workload of a few milliseconds gets as many runs as one of seconds gets time.
 */
export async function fastestInTurn<K extends string>(
  minMs: number,
  runs: Record<K, () => number | Promise<number>>,
  minRounds = 3,
): Promise<Record<K, Fastest>> {
  const names = Object.keys(runs) as K[];
  const out = Object.fromEntries(names.map((name) => [name, { ms: Infinity, runs: 0 }])) as Record<K, Fastest>;
  const started = performance.now();
  for (let round = 0; round < minRounds || performance.now() - started < minMs; round++) {
    for (const name of names) {
      const ms = await runs[name]();
      out[name] = { ms: Math.min(out[name].ms, ms), runs: out[name].runs + 1 };
    }
  }
  return out;
}

export interface Latency {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const latency = (samples: readonly number[]): Latency => ({ runs: samples.length, ...latencySummary(samples) });

/** A /proc file's text; empty once the process has ended. */
function procText(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** `pid` and its descendants, whatever processes the server runs in. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const tasks = `/proc/${out[i]}/task`;
    for (const task of fs.existsSync(tasks) ? fs.readdirSync(tasks) : []) {
      const children = procText(`${tasks}/${task}/children`).trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    }
  }
  return out;
}

/** Clock ticks of /proc's CPU times (USER_HZ, 100 on Linux) in milliseconds. */
const TICK_MS = 10;

/**
 * The CPU time every core of the machine has spent busy (user, nice, system, interrupts, steal) since it started, in
 * milliseconds: over a run, whatever ran, every process and thread alike (the CLI, the server, PostgreSQL).
 */
export function machineBusyMs(): number {
  const [, ...ticks] = (procText("/proc/stat").split("\n")[0] ?? "").trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/** The CPU time (user and system, every thread) of `pid` and its descendants so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, one) => {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = procText(`/proc/${one}/stat`).split(") ")[1]?.split(" ") ?? [];
    return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MS;
  }, 0);
}

function statusKb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(procText(`/proc/${pid}/status`));
  return match ? Number(match[1]) : 0;
}

/**
 * Peak resident memory of a process tree over a phase (Linux): the kernel's high-water mark (VmHWM), reset at the
 * start of the phase by writing 5 to /proc/<pid>/clear_refs, so every page touched in between counts, with no
 * sampling gaps.
 */
export class PeakRss {
  constructor(private readonly pid: number) {}

  reset(): void {
    for (const pid of processTree(this.pid)) {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
      } catch {
        // A process that ended since the tree was read has no peak left to reset.
      }
    }
  }

  /** Sum over the tree of each process's peak since the last reset, in MB. */
  peakMb(): number {
    return processTree(this.pid).reduce((sum, pid) => sum + statusKb(pid, "VmHWM"), 0) / 1024;
  }

  currentMb(): number {
    return processTree(this.pid).reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0) / 1024;
  }
}
