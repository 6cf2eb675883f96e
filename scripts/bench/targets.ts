/**
 * The targets of docs/performance-targets.md checked against one run's figures, at the largest size run (a quick
 * run checks smaller sizes than the targets name): the same targets on each engine, and the parsers' figures, which involve no storage, once.
 */
import type { CliFigures } from "./cli-import";
import { ENGINES, type Engine } from "./databases";
import type { MemoryFigures } from "./memories";
import {
  everyCoreRate,
  rate,
  SMALL_MATCHES,
  type BenchResults,
  type Growth,
  type IngestFigures,
  type SizeFigures,
  type StorageFigures,
  type Target,
} from "./results";
import { fmt, signed } from "./report-format";
import type { HookLatency } from "./hooks";
import type { StallFigures } from "./stalls";
import { riseOverFirst, type UploadFigures } from "./upload";

const at = (size: number) => `at ${fmt(size)}`;

type Check = Omit<Target, "engine">;

type Measured = Pick<BenchResults, "runs" | "memories" | "upload" | "stalls" | "hooks" | "cli" | "growth">;

function storageTargets(top: StorageFigures, size: number): Check[] {
  const out: Check[] = [];
  const ingest = (label: string, f: IngestFigures, unit: string, min: number) => {
    for (const [how, ms] of [
      ["HTTP", f.httpMs],
      ["library", f.libraryMs],
    ] as const) {
      const r = rate(f.records, ms);
      out.push({
        target: `${label} ingest ≥ ${fmt(min)} ${unit}/s (${how})`,
        measured: `${fmt(r)} ${unit}/s ${at(f.records)}`,
        pass: r >= min,
      });
      const ratio = f.bareMs / ms;
      out.push({
        target: `${label} ingest ≥ 50% of the bare insert (${how})`,
        measured: `${fmt(ratio * 100)}% ${at(f.records)}`,
        pass: ratio >= 0.5,
      });
    }
  };
  ingest("ACOS", top.acos, "trajectories", 5_000);
  ingest("transcript", top.transcripts, "lines", 50_000);
  const g = top.guidance;
  out.push({
    target: "guidance ≤ 100 ms (library, p50)",
    measured: `${fmt(g.library.p50, 1)} ms ${at(size)} sessions`,
    pass: g.library.p50 <= 100,
  });
  out.push({
    target: "guidance ≤ 100 ms (HTTP, p95)",
    measured: `${fmt(g.http.p95, 1)} ms ${at(size)} sessions`,
    pass: g.http.p95 <= 100,
  });
  for (const page of ["overview", "sessions", "rules"] as const) {
    const p = top.pages[page];
    out.push({
      target: `${page} page ≤ 300 ms p95`,
      measured: `${fmt(p.p95)} ms ${at(size)} sessions`,
      pass: p.p95 <= 300,
    });
  }
  return out;
}

function searchTargets(search: MemoryFigures): Check[] {
  const small = search.small;
  return [
    {
      target: `memory search p95 ≤ 10 ms for queries matching ≤ ${fmt(SMALL_MATCHES)} memories`,
      measured: `${fmt(small.p95, 2)} ms over ${fmt(small.queries)} such queries ${at(search.size)} memories (all queries: p95 ${fmt(search.all.p95, 2)} ms)`,
      pass: small.queries > 0 && small.p95 <= 10,
    },
    {
      target: "every memory search ≤ 100 ms",
      measured: `slowest ${fmt(search.all.max, 1)} ms ${at(search.size)} memories`,
      pass: search.all.max <= 100,
    },
  ];
}

/** `starlight import` as a user runs it: ACOS files at half the library's rate on the same files or better, transcripts at 50,000 lines/s. */
function cliTargets(cli: CliFigures): Check[] {
  const { acos, transcripts } = cli;
  const ratio = acos.libraryMs / acos.cliMs;
  const lines = rate(transcripts.records, transcripts.cliMs);
  return [
    {
      target: "CLI import of ACOS files ≥ 50% of the library's rate on the same files",
      measured: `${fmt(ratio * 100)}% (${fmt(rate(acos.records, acos.cliMs))} against ${fmt(rate(acos.records, acos.libraryMs))} files/s) ${at(acos.files)} files`,
      pass: ratio >= 0.5,
    },
    {
      target: "CLI import of Claude Code transcripts ≥ 50,000 lines/s",
      measured:
        `${fmt(lines)} lines/s ${at(transcripts.records)} lines (library of the same files: ${fmt(rate(transcripts.records, transcripts.libraryMs))}; ` +
        `the same CPU work keeping all ${fmt(transcripts.cpu.cores)} cores busy: ${fmt(everyCoreRate(transcripts.records, transcripts.cpu))})`,
      pass: lines >= 50_000,
    },
  ];
}

function uploadTarget(upload: UploadFigures): Check {
  const { first } = upload;
  const rise = riseOverFirst(upload);
  return {
    target: `memory flat while streaming a ${fmt(upload.mb)} MB upload (server peak ≤ 10% of the upload above its peak during a first upload of ${fmt(first.mb)} MB)`,
    measured:
      `${signed(rise)} MB (${fmt(upload.serverPeakMb)} against ${fmt(first.serverPeakMb)} MB; ` +
      `the first upload raised the fresh server's ${fmt(first.serverBeforeMb)} MB by ${fmt(first.serverPeakMb - first.serverBeforeMb)}) (HTTP ${upload.status})`,
    pass: upload.status < 500 && rise <= upload.mb * 0.1,
  };
}

/** /api/v1/health p99 < 200 ms under each load of one caller (docs/availability.md). */
function stallTarget(stalls: StallFigures): Check {
  const worst = stalls.loads.reduce((a, b) => (b.health.p99 > a.health.p99 ? b : a));
  const each = stalls.loads.map((l) => `${l.load}: ${fmt(l.health.p99)}`).join("; ");
  return {
    target: "/api/v1/health p99 < 200 ms while one caller uploads, searches or calls MCP",
    measured: `worst ${fmt(worst.health.p99)} ms (${each})`,
    pass: worst.health.p99 < 200,
  };
}

/** A note at a tool call (docs/just-in-time.md): p95 ≤ 20 ms on the server, ≤ 150 ms through the plugin's command. */
function hookTargets(hooks: HookLatency): Check[] {
  return [
    {
      target: "tool-call hook ≤ 20 ms p95 (server)",
      measured: `${fmt(hooks.server.p95, 1)} ms (p50 ${fmt(hooks.server.p50, 1)}) over ${fmt(hooks.calls)} calls`,
      pass: hooks.server.p95 <= 20,
    },
    {
      target: "tool-call hook ≤ 150 ms p95 (plugin's command)",
      measured: `${fmt(hooks.plugin.p95)} ms (p50 ${fmt(hooks.plugin.p50)}) over ${fmt(hooks.plugin.calls)} calls`,
      pass: hooks.plugin.p95 <= 150,
    },
  ];
}

function growthTarget(grown: Growth[]): Check {
  const over = grown
    .filter((g) => !g.reference)
    .flatMap((g) =>
      g.steps
        .filter((s) => s.overLinear)
        .map((s) => `${g.cost} ${fmt(s.from)}→${fmt(s.to)}: exponent ${fmt(s.exponent, 2)}`),
    );
  return {
    target: "growth: no cost more than doubles when the data doubles (exponent ≤ 1)",
    measured: over.length === 0 ? "every exponent ≤ 1" : over.join("; "),
    pass: over.length === 0,
  };
}

function parserTargets(top: SizeFigures): Check[] {
  return (
    [
      ["codex", "Codex"],
      ["gemini", "Gemini"],
    ] as const
  ).map(([name, label]) => {
    const p = top.parsers[name];
    return {
      target: `${label} parser ÷ JSON.parse of the same lines`,
      measured: `${fmt(p.baselineMs / p.parserMs, 2)}× (${fmt(rate(p.lines, p.parserMs))} lines/s against ${fmt(rate(p.lines, p.baselineMs))}) ${at(p.lines)} lines`,
      pass: null,
    };
  });
}

function engineTargets(engine: Engine, results: Measured): Target[] {
  const top = results.runs.at(-1);
  const search = results.memories[engine].at(-1);
  const checks = [
    ...(top ? storageTargets(top[engine], top.size) : []),
    ...(search ? searchTargets(search) : []),
    ...cliTargets(results.cli[engine]),
    uploadTarget(results.upload[engine]),
    stallTarget(results.stalls[engine]),
    ...hookTargets(results.hooks[engine]),
    growthTarget(results.growth.filter((g) => g.engine === engine)),
  ];
  return checks.map((check) => ({ ...check, engine }));
}

export function targets(results: Measured): Target[] {
  const top = results.runs.at(-1);
  return [
    ...ENGINES.flatMap((engine) => engineTargets(engine, results)),
    ...(top ? parserTargets(top).map((check) => ({ ...check, engine: null })) : []),
  ];
}
