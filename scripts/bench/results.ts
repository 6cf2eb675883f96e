/**
 * What one `npm run bench` measured (written to bench/results.json), and what follows from it: each cost's growth
 * from size to size, and DESIGN §4's targets checked against the figures.
 */
import type { GuidanceFigures } from "./guidance";
import type { Latency } from "./measure";
import type { MemoryFigures } from "./memories";
import type { PageFigures, PageName } from "./pages";
import type { ParserFigures, ParserName } from "./parsers";
import type { Mode } from "./plans";
import type { UploadFigures } from "./upload";

export interface IngestFigures {
  /** Trajectories (ACOS) or transcript lines. */
  records: number;
  sessions: number;
  bytes: number;
  requests: number;
  httpMs: number;
  libraryMs: number;
  /** JSON.parse of every line, then a prepared INSERT of the same rows. */
  bareMs: number;
  /** JSON.parse of every line alone. */
  parseMs: number;
}

export interface PeakMemory {
  phase: string;
  size: number;
  benchMb: number;
  /** The server's process tree; null when the phase ran no server. */
  serverMb: number | null;
}

export interface SizeFigures {
  size: number;
  acos: IngestFigures;
  transcripts: IngestFigures;
  /** The Codex and Gemini parsers on files of at least `size` lines each, against JSON.parse of the same lines. */
  parsers: Record<ParserName, ParserFigures>;
  /** Storing the read benchmarks' `size` sessions with storeRecords (setup, not a target). */
  seedMs: number;
  guidance: GuidanceFigures & { http: Latency };
  pages: Record<PageName, PageFigures>;
}

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
}

export interface Growth {
  cost: string;
  unit: string;
  /** A baseline, shown for comparison: not held to the growth target. */
  reference: boolean;
  points: { size: number; value: number }[];
  /** Between consecutive points: the cost's factor, the size's factor, and the implied exponent. */
  steps: { from: number; to: number; factor: number; exponent: number; overLinear: boolean }[];
}

export interface Target {
  target: string;
  measured: string;
  /** null: a figure reported beside the targets, which DESIGN §4 holds to none. */
  pass: boolean | null;
}

export interface BenchResults {
  meta: Meta;
  runs: SizeFigures[];
  memories: MemoryFigures[];
  upload: UploadFigures;
  peakMemory: PeakMemory[];
  growth: Growth[];
  targets: Target[];
}

/** DESIGN §4 holds memory searches "matching up to 10,000 memories" to a p95 of 10 ms. */
export const SMALL_MATCHES = 10_000;

export const rate = (records: number, ms: number) => records / (ms / 1000);

function growthOf(cost: string, unit: string, points: { size: number; value: number }[], reference = false): Growth {
  const steps = points.slice(1).map((to, i) => {
    const from = points[i]!;
    const factor = to.value / from.value;
    const exponent = Math.log(factor) / Math.log(to.size / from.size);
    return { from: from.size, to: to.size, factor, exponent, overLinear: exponent > 1 };
  });
  return { cost, unit, reference, points, steps };
}

/** Every cost that should grow at most linearly with the data, by size. */
export function growth(runs: SizeFigures[], memories: MemoryFigures[], peaks: PeakMemory[]): Growth[] {
  const by = (cost: string, unit: string, value: (r: SizeFigures) => number, size: (r: SizeFigures) => number = (r) => r.size, reference = false) =>
    growthOf(cost, unit, runs.map((r) => ({ size: size(r), value: value(r) })), reference);
  const peak = (phase: string, of: "benchMb" | "serverMb") =>
    growthOf(`peak RSS, ${phase} (${of === "benchMb" ? "bench" : "server"})`, "MB", peaks.filter((p) => p.phase === phase).map((p) => ({ size: p.size, value: p[of] ?? NaN })));
  return [
    by("ACOS ingest, HTTP", "ms", (r) => r.acos.httpMs),
    by("ACOS ingest, library", "ms", (r) => r.acos.libraryMs),
    by("ACOS bare insert (baseline)", "ms", (r) => r.acos.bareMs, (r) => r.size, true),
    by("transcript ingest, HTTP", "ms", (r) => r.transcripts.httpMs, (r) => r.transcripts.records),
    by("transcript ingest, library", "ms", (r) => r.transcripts.libraryMs, (r) => r.transcripts.records),
    by("transcript bare insert (baseline)", "ms", (r) => r.transcripts.bareMs, (r) => r.transcripts.records, true),
    by("guidance, library p50", "ms", (r) => r.guidance.library.p50),
    by("guidance, HTTP p50", "ms", (r) => r.guidance.http.p50),
    by("overview page p95", "ms", (r) => r.pages.overview.p95),
    by("sessions page p95", "ms", (r) => r.pages.sessions.p95),
    by("rules page p95", "ms", (r) => r.pages.rules.p95),
    growthOf("memory search p95", "ms", memories.map((m) => ({ size: m.size, value: m.all.p95 }))),
    peak("HTTP ingest", "serverMb"),
    peak("pages + HTTP guidance", "serverMb"),
    peak("library ingest", "benchMb"),
  ].filter((g) => g.points.length > 1);
}

const fmt = (x: number, digits = 0) => x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const at = (size: number) => `at ${fmt(size)}`;

/** DESIGN §4, checked at the largest size run (a quick run checks smaller sizes than the targets name). */
export function targets(runs: SizeFigures[], memories: MemoryFigures[], upload: UploadFigures, grown: Growth[]): Target[] {
  const out: Target[] = [];
  const top = runs.at(-1);
  if (top) {
    const ingest = (label: string, f: IngestFigures, unit: string, min: number) => {
      for (const [how, ms] of [["HTTP", f.httpMs], ["library", f.libraryMs]] as const) {
        const r = rate(f.records, ms);
        out.push({ target: `${label} ingest ≥ ${fmt(min)} ${unit}/s (${how})`, measured: `${fmt(r)} ${unit}/s ${at(f.records)}`, pass: r >= min });
        const ratio = f.bareMs / ms;
        out.push({ target: `${label} ingest ≥ 50% of the bare insert (${how})`, measured: `${fmt(ratio * 100)}% ${at(f.records)}`, pass: ratio >= 0.5 });
      }
    };
    ingest("ACOS", top.acos, "trajectories", 5_000);
    ingest("transcript", top.transcripts, "lines", 50_000);
    for (const [name, label] of [["codex", "Codex"], ["gemini", "Gemini"]] as const) {
      const p = top.parsers[name];
      out.push({
        target: `${label} parser ÷ JSON.parse of the same lines`,
        measured: `${fmt(p.baselineMs / p.parserMs, 2)}× (${fmt(rate(p.lines, p.parserMs))} lines/s against ${fmt(rate(p.lines, p.baselineMs))}) ${at(p.lines)} lines`,
        pass: null,
      });
    }
    const g = top.guidance;
    out.push({ target: "guidance ≤ 100 ms (library, p50)", measured: `${fmt(g.library.p50, 1)} ms ${at(top.size)} sessions`, pass: g.library.p50 <= 100 });
    out.push({ target: "guidance ≤ 100 ms (HTTP, p95)", measured: `${fmt(g.http.p95, 1)} ms ${at(top.size)} sessions`, pass: g.http.p95 <= 100 });
    for (const page of ["overview", "sessions", "rules"] as const) {
      const p = top.pages[page];
      out.push({ target: `${page} page ≤ 300 ms p95`, measured: `${fmt(p.p95)} ms ${at(top.size)} sessions`, pass: p.p95 <= 300 });
    }
  }
  const search = memories.at(-1);
  if (search) {
    const small = search.small;
    out.push({
      target: `memory search p95 ≤ 10 ms for queries matching ≤ ${fmt(SMALL_MATCHES)} memories`,
      measured: `${fmt(small.p95, 2)} ms over ${fmt(small.queries)} such queries ${at(search.size)} memories (all queries: p95 ${fmt(search.all.p95, 2)} ms)`,
      pass: small.queries > 0 && small.p95 <= 10,
    });
    out.push({ target: "every memory search ≤ 100 ms", measured: `slowest ${fmt(search.all.max, 1)} ms ${at(search.size)} memories`, pass: search.all.max <= 100 });
  }
  const rise = upload.serverPeakMb - upload.serverBeforeMb;
  out.push({
    target: `memory flat while streaming a ${fmt(upload.mb)} MB upload (server peak rises ≤ 10% of the upload)`,
    measured: `+${fmt(rise)} MB over ${fmt(upload.serverBeforeMb)} MB (HTTP ${upload.status})`,
    pass: upload.status < 500 && rise <= upload.mb * 0.1,
  });
  const over = grown.filter((g) => !g.reference).flatMap((g) => g.steps.filter((s) => s.overLinear).map((s) => `${g.cost} ${fmt(s.from)}→${fmt(s.to)}: exponent ${fmt(s.exponent, 2)}`));
  out.push({ target: "growth: no cost more than doubles when the data doubles (exponent ≤ 1)", measured: over.length === 0 ? "every exponent ≤ 1" : over.join("; "), pass: over.length === 0 });
  return out;
}
