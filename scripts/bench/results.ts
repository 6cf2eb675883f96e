/**
 * What one `npm run bench` measured (written to bench/results.json) on each engine, and each cost's growth from size
 * to size; the targets (docs/performance-targets.md) checked against the figures are in targets.ts.
 */
import type { OtlpFigures } from "./otlp";
import type { CliFigures } from "./cli-import";
import { ENGINES, type Engine } from "./databases";
import type { GuidanceFigures } from "./guidance";
import type { KnowledgeFigures } from "./knowledge";
import type { Latency } from "./measure";
import type { MemoryFigures } from "./memories";
import type { PageFigures, PageName } from "./pages";
import type { ParserFigures, ParserName } from "./parsers";
import type { Mode } from "./plans";
import type { HookLatency } from "./hooks";
import type { StallFigures } from "./stalls";
import type { UploadFigures } from "./upload";

export interface IngestFigures {
  /** Sessions (ACOS) or transcript lines. */
  records: number;
  sessions: number;
  bytes: number;
  requests: number;
  httpMs: number;
  libraryMs: number;
  /** JSON.parse of every line, then the engine's bare insert of the same rows (bare-rows.ts). */
  bareMs: number;
  /** JSON.parse of every line alone. */
  parseMs: number;
}

export interface PeakMemory {
  phase: string;
  /** null: a phase that stores nothing (parsing). */
  engine: Engine | null;
  size: number;
  benchMb: number;
  /** The server's process tree (not PostgreSQL's own processes); null when the phase ran no server. */
  serverMb: number | null;
}

/** What one engine measured at one size. */
export interface StorageFigures {
  acos: IngestFigures;
  transcripts: IngestFigures;
  /** Storing the read benchmarks' `size` sessions with storeRecords (setup, not a target). */
  seedMs: number;
  guidance: GuidanceFigures & { http: Latency };
  pages: Record<PageName, PageFigures>;
}

export type SizeFigures = {
  size: number;
  /** The Codex and Gemini parsers on files of at least `size` lines each, against JSON.parse of the same lines. */
  parsers: Record<ParserName, ParserFigures>;
} & Record<Engine, StorageFigures>;

export interface Meta {
  date: string;
  mode: Mode;
  /** The command that reproduces the run. */
  command: string;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  /** One-minute load average when the run started and ended: other work on the machine skews every figure. */
  loadAverage: { start: number; end: number };
  commit: string;
  /** Files changed in the work tree (uncommitted) when the run started. */
  uncommittedFiles: number;
  buildSeconds: number;
  durationSeconds: number;
  sizes: number[];
  memorySizes: number[];
  /** `starlight import`'s folders. */
  cli: { acosFiles: number; transcriptLines: number };
  /** The PostgreSQL server the run used: its version, and whether it was STARLIGHT_TEST_DATABASE_URL's or a throwaway cluster. */
  postgres: string;
}

export interface Growth {
  cost: string;
  engine: Engine;
  unit: string;
  /** A baseline, shown for comparison: not held to the growth target. */
  reference: boolean;
  points: { size: number; value: number }[];
  /** Between consecutive points: the cost's factor, the size's factor, and the implied exponent. */
  steps: { from: number; to: number; factor: number; exponent: number; overLinear: boolean }[];
}

export interface Target {
  target: string;
  /** null: a figure that involves no storage (the parsers). */
  engine: Engine | null;
  measured: string;
  /** null: a figure reported beside the targets, which no target holds to anything. */
  pass: boolean | null;
}

export interface BenchResults {
  meta: Meta;
  runs: SizeFigures[];
  memories: Record<Engine, MemoryFigures[]>;
  upload: Record<Engine, UploadFigures>;
  /** /api/v1/health's latency while one caller loads the server (stalls.ts). */
  stalls: Record<Engine, StallFigures>;
  /** A tool-call hook's latency, on the server and through the plugin's command (hooks.ts). */
  hooks: Record<Engine, HookLatency>;
  /** `starlight import` against the library ingest of the same files. */
  cli: Record<Engine, CliFigures>;
  /** Claude Code's OpenTelemetry events through the OTLP receiver, events per second (otlp.ts). */
  otlp: Record<Engine, OtlpFigures>;
  /** The knowledge evaluation (docs/knowledge-eval.md): what the hook's guidance holds, engine-independent. */
  knowledge: KnowledgeFigures;
  peakMemory: PeakMemory[];
  growth: Growth[];
  targets: Target[];
}

/** Memory searches "matching up to 10,000 memories" are held to a p95 of 10 ms (docs/performance-targets.md#reading). */
export const SMALL_MATCHES = 10_000;

export const rate = (records: number, ms: number) => records / (ms / 1000);

/**
 * The rate the same CPU work would reach if it kept every core of the machine busy from start to end: an upper
 * bound on what spreading it out could give on this machine, short of doing less work.
 */
export const everyCoreRate = (records: number, cpu: { machineMs: number; cores: number }) =>
  rate(records, cpu.machineMs / cpu.cores);

function growthOf(
  cost: string,
  unit: string,
  engine: Engine,
  points: { size: number; value: number }[],
  reference = false,
): Growth {
  const steps = points.slice(1).map((to, i) => {
    const from = points[i]!;
    const factor = to.value / from.value;
    const exponent = Math.log(factor) / Math.log(to.size / from.size);
    return { from: from.size, to: to.size, factor, exponent, overLinear: exponent > 1 };
  });
  return { cost, engine, unit, reference, points, steps };
}

/** Every cost on `engine` that should grow at most linearly with the data, by size. */
function engineGrowth(engine: Engine, runs: SizeFigures[], memories: MemoryFigures[], peaks: PeakMemory[]): Growth[] {
  const by = (
    cost: string,
    unit: string,
    value: (r: StorageFigures) => number,
    size: (r: SizeFigures) => number = (r) => r.size,
    reference = false,
  ) =>
    growthOf(
      cost,
      unit,
      engine,
      runs.map((r) => ({ size: size(r), value: value(r[engine]) })),
      reference,
    );
  const peak = (phase: string, of: "benchMb" | "serverMb") =>
    growthOf(
      `peak RSS, ${phase} (${of === "benchMb" ? "bench" : "server"})`,
      "MB",
      engine,
      peaks.filter((p) => p.phase === phase && p.engine === engine).map((p) => ({ size: p.size, value: p[of] ?? NaN })),
    );
  const transcriptLines = (r: SizeFigures) => r[engine].transcripts.records;
  return [
    by("ACOS ingest, HTTP", "ms", (r) => r.acos.httpMs),
    by("ACOS ingest, library", "ms", (r) => r.acos.libraryMs),
    by(
      "ACOS bare insert (baseline)",
      "ms",
      (r) => r.acos.bareMs,
      (r) => r.size,
      true,
    ),
    by("transcript ingest, HTTP", "ms", (r) => r.transcripts.httpMs, transcriptLines),
    by("transcript ingest, library", "ms", (r) => r.transcripts.libraryMs, transcriptLines),
    by("transcript bare insert (baseline)", "ms", (r) => r.transcripts.bareMs, transcriptLines, true),
    by("guidance, library p50", "ms", (r) => r.guidance.library.p50),
    by("guidance, HTTP p50", "ms", (r) => r.guidance.http.p50),
    by("overview page p95", "ms", (r) => r.pages.overview.p95),
    by("sessions page p95", "ms", (r) => r.pages.sessions.p95),
    by("rules page p95", "ms", (r) => r.pages.rules.p95),
    growthOf(
      "memory search p95",
      "ms",
      engine,
      memories.map((m) => ({ size: m.size, value: m.all.p95 })),
    ),
    peak("HTTP ingest", "serverMb"),
    peak("pages + HTTP guidance", "serverMb"),
    peak("library ingest", "benchMb"),
  ].filter((g) => g.points.length > 1);
}

/** Every cost that should grow at most linearly with the data, by size, on each engine. */
export function growth(runs: SizeFigures[], memories: Record<Engine, MemoryFigures[]>, peaks: PeakMemory[]): Growth[] {
  return ENGINES.flatMap((engine) => engineGrowth(engine, runs, memories[engine], peaks));
}
