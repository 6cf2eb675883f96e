/**
 * The benchmark's tables, as markdown (bench/results.md: the figures, each table under one line saying what it measures, and
 * nothing else) and on the console. SQLite and PostgreSQL
 * side by side: each table has a row per engine at each size (its ratios against that engine's baseline, measured in
 * the same run), and the targets a column per engine.
 */
import { ENGINE_NAMES, ENGINES, type Engine } from "./databases";
import { knowledgeSection } from "./knowledge";
import { fmt, mb, ms, ratio, signed, table, type Section } from "./report-format";
import { search } from "./report-search";
import { riseOverFirst } from "./upload";
import {
  everyCoreRate,
  rate,
  type BenchResults,
  type IngestFigures,
  type SizeFigures,
  type StorageFigures,
  type Target,
} from "./results";

/** A row per engine at each size: `row` gets the size's figures on the engine, and leads with the size and the engine. */
const byEngine = (runs: SizeFigures[], row: (f: StorageFigures, r: SizeFigures) => string[]): string[][] =>
  runs.flatMap((r) =>
    ENGINES.map((engine) => {
      const [first = "", ...rest] = row(r[engine], r);
      return [first, ENGINE_NAMES[engine], ...rest];
    }),
  );

const INGEST_HEADERS = [
  "engine",
  "sessions",
  "MB",
  "requests",
  "HTTP /s",
  "library /s",
  "bare insert /s",
  "HTTP ÷ bare",
  "library ÷ bare",
];

function ingestRow(f: IngestFigures): string[] {
  return [
    fmt(f.records),
    fmt(f.sessions),
    mb(f.bytes),
    fmt(f.requests),
    fmt(rate(f.records, f.httpMs)),
    fmt(rate(f.records, f.libraryMs)),
    fmt(rate(f.records, f.bareMs)),
    ratio(f.bareMs / f.httpMs),
    ratio(f.bareMs / f.libraryMs),
  ];
}

function ingest(runs: SizeFigures[]): Section[] {
  return [
    [
      "ACOS ingest (trajectories/s)",
      "The fastest of up to 5 runs, fewer where the runs exceed the plan's time budget; JSONL files of ≤ 4 MB, one a request. " +
        "Bare insert: the rows Starlight stores for each session, its own, its files' and its memory's, into tables with Starlight's columns and " +
        "primary keys but no other index, trigger or full-text index: on SQLite one prepared INSERT a row through better-sqlite3, " +
        "on PostgreSQL multi-row INSERTs of up to 200 rows through `pg`.",
      table(
        ["trajectories", ...INGEST_HEADERS],
        byEngine(runs, (f) => ingestRow(f.acos)),
      ),
    ],
    [
      "Claude Code transcript ingest (lines/s)",
      "Generated sessions, ≤ 50 files or 4 MB a request. Bare insert: each file as one row.",
      table(
        ["lines", ...INGEST_HEADERS, "JSON.parse /s", "HTTP ÷ parse", "library ÷ parse"],
        byEngine(runs, ({ transcripts: f }) => [
          ...ingestRow(f),
          fmt(rate(f.records, f.parseMs)),
          ratio(f.parseMs / f.httpMs),
          ratio(f.parseMs / f.libraryMs),
        ]),
      ),
    ],
    parsers(runs),
  ];
}

const PARSERS = [
  ["codex", "Codex CLI rollouts"],
  ["gemini", "Gemini CLI chats"],
] as const;

function parsers(runs: SizeFigures[]): Section {
  return [
    "Codex and Gemini parsing (lines/s and MB/s)",
    "Generated files, each read as the server's ingest reads one, with redaction; the fastest of the runs, taken in turns. " +
      "Baseline: splitting the same files into lines and JSON.parse of every line.",
    table(
      [
        "parser",
        "lines",
        "files",
        "MB",
        "runs",
        "JSON.parse lines/s",
        "JSON.parse MB/s",
        "parser lines/s",
        "parser MB/s",
        "parser ÷ JSON.parse",
      ],
      runs.flatMap(({ parsers: p }) =>
        PARSERS.map(([name, label]) => {
          const f = p[name];
          return [
            label,
            fmt(f.lines),
            fmt(f.files),
            mb(f.bytes),
            fmt(f.runs),
            fmt(rate(f.lines, f.baselineMs)),
            fmt(rate(f.bytes / 1024 / 1024, f.baselineMs), 1),
            fmt(rate(f.lines, f.parserMs)),
            fmt(rate(f.bytes / 1024 / 1024, f.parserMs), 1),
            ratio(f.baselineMs / f.parserMs),
          ];
        }),
      ),
    ),
  ];
}

/** `starlight import` as a user runs it, against the library ingest of the same files, a row per engine and folder. */
function cli({ cli: figures, meta }: BenchResults): Section {
  const rows = ENGINES.flatMap((engine) =>
    (
      [
        ["ACOS trajectory files", "files", figures[engine].acos],
        ["Claude Code transcripts", "lines", figures[engine].transcripts],
      ] as const
    ).map(([what, unit, f]) => [
      what,
      ENGINE_NAMES[engine],
      `${fmt(f.records)} ${unit}`,
      fmt(f.files),
      mb(f.bytes),
      fmt(f.requests),
      `${fmt(f.cliMs / 1000, 1)} s`,
      fmt(rate(f.records, f.cliMs)),
      fmt(rate(f.records, f.libraryMs)),
      ratio(f.libraryMs / f.cliMs),
      `${fmt(f.cpu.machineMs / 1000, 1)} / ${fmt(f.cpu.serverMs / 1000, 1)}`,
      `${fmt(f.cpu.machineMs / f.cliMs, 2)} of ${fmt(f.cpu.cores)}`,
      fmt(everyCoreRate(f.records, f.cpu)),
    ]),
  );
  return [
    "`starlight import` as a user runs it",
    "The built CLI with its defaults, as a child process, against the production server; the fastest of up to 3 runs, each into a project of its own " +
      `with a new state file; ${fmt(meta.cli.acosFiles)} ACOS files of one session each, as ACOS writes them, and generated transcripts in a ~/.claude/projects tree. ` +
      "Baseline: the library ingest of the same files in one call, on a fresh database of the same engine. " +
      "CPU: the seconds every process on the machine (CLI, server, PostgreSQL) and the server alone spent over the import, the cores that kept busy on average, " +
      "and the rate that work would reach keeping every core busy.",
    table(
      [
        "folder",
        "engine",
        "records",
        "files",
        "MB",
        "requests",
        "CLI time",
        "CLI /s",
        "library /s",
        "CLI ÷ library",
        "CPU s: all / server",
        "cores busy",
        "/s, every core busy",
      ],
      rows,
    ),
  ];
}

function guidance(runs: SizeFigures[]): Section {
  return [
    "Guidance for one project (ms)",
    "Baseline: one SQL pass over the project's sessions through the engine's bare driver.",
    table(
      [
        "sessions",
        "engine",
        "first request",
        "library p50",
        "library p95",
        "HTTP p50",
        "HTTP p95",
        "baseline p50",
        "library ÷ baseline",
        "HTTP ÷ baseline",
        "rules",
      ],
      byEngine(runs, ({ guidance: g }, { size }) => [
        fmt(size),
        ms(g.firstMs),
        ms(g.library.p50),
        ms(g.library.p95),
        ms(g.http.p50),
        ms(g.http.p95),
        ms(g.baseline.p50),
        ratio(g.library.p50 / g.baseline.p50),
        ratio(g.http.p50 / g.baseline.p50),
        fmt(g.rules),
      ]),
    ),
  ];
}

function pages(runs: SizeFigures[]): Section {
  return [
    "Server render time, signed in (ms)",
    `p50 / p95 of ${runs[0]?.sqlite.pages.overview.runs ?? 0} requests after a warm-up. Baseline: the not-found page on the same server.`,
    table(
      [
        "sessions",
        "engine",
        "overview",
        "sessions page",
        "rules page",
        "baseline",
        "overview ÷ baseline",
        "sessions ÷ baseline",
        "rules ÷ baseline",
      ],
      byEngine(runs, ({ pages: p }, { size }) => [
        fmt(size),
        ...[p.overview, p.sessions, p.rules, p.baseline].map((l) => `${ms(l.p50)} / ${ms(l.p95)}`),
        ...[p.overview, p.sessions, p.rules].map((l) => ratio(l.p95 / p.baseline.p95)),
      ]),
    ),
  ];
}

function memory({ upload, peakMemory }: BenchResults): Section[] {
  const peaks: Section = [
    "Peak memory (MB)",
    "The RSS high-water mark per phase; server: the Node.js server's processes, not PostgreSQL's.",
    table(
      ["phase", "engine", "size", "bench process", "server"],
      peakMemory.map((p) => [
        p.phase,
        p.engine ? ENGINE_NAMES[p.engine] : "–",
        fmt(p.size),
        fmt(p.benchMb),
        p.serverMb === null ? "–" : fmt(p.serverMb),
      ]),
    ),
  ];
  const streamed: Section = [
    "Streaming a large upload (RSS in MB)",
    "One multipart request of 4 MB transcript files that store nothing, after a first upload of a tenth as many.",
    table(
      [
        "engine",
        "upload MB",
        "HTTP status",
        "seconds",
        "MB/s",
        "fresh server",
        "first upload (MB): peak",
        "server before",
        "server peak",
        "over the first's peak",
      ],
      ENGINES.map((engine) => {
        const u = upload[engine];
        return [
          ENGINE_NAMES[engine],
          fmt(u.mb),
          String(u.status),
          fmt(u.seconds, 1),
          fmt(u.mb / u.seconds),
          fmt(u.first.serverBeforeMb),
          `(${fmt(u.first.mb)}): ${fmt(u.first.serverPeakMb)}`,
          fmt(u.serverBeforeMb),
          fmt(u.serverPeakMb),
          signed(riseOverFirst(u)),
        ];
      }),
    ),
  ];
  return [streamed, peaks];
}

function stalls({ stalls: figures }: BenchResults): Section {
  const first = figures.sqlite;
  return [
    "Availability (ms)",
    `/api/v1/health asked back to back while one caller loads the server, with the server's default limits; ${fmt(first.seeded)} sessions stored first.`,
    table(
      ["engine", "load", "health p50", "p95", "p99", "max", "checks", "load's answers", "seconds"],
      ENGINES.flatMap((engine) =>
        figures[engine].loads.map((l) => [
          ENGINE_NAMES[engine],
          l.load,
          fmt(l.health.p50),
          fmt(l.health.p95),
          fmt(l.health.p99),
          fmt(l.health.max),
          fmt(l.health.samples),
          Object.entries(l.statuses)
            .map(([status, n]) => `${n} × ${status}`)
            .join(", "),
          fmt(l.seconds, 1),
        ]),
      ),
    ),
  ];
}

function otlp({ otlp: figures }: BenchResults): Section {
  return [
    "OpenTelemetry",
    "Claude Code's events through the OTLP receiver: decoded, validated, mapped, redacted and stored, in process, a transaction per batch of 1,000.",
    table(
      ["engine", "encoding", "events", "stored", "seconds", "events/s"],
      ENGINES.flatMap((engine) =>
        figures[engine].runs.map((r) => [
          ENGINE_NAMES[engine],
          r.encoding,
          fmt(r.events),
          fmt(r.stored),
          fmt(r.seconds, 2),
          fmt(r.eventsPerSecond),
        ]),
      ),
    ),
  ];
}

function hooks({ hooks: figures }: BenchResults): Section {
  return [
    "Tool-call hook latency (ms)",
    "The server's HTTP round trip of a tool-call hook, and the plugin's command as the agent runs it (a process per call), beside `node -e ''` started in turn with it; docs/just-in-time.md.",
    table(
      [
        "engine",
        "calls",
        "with a note",
        "server p50",
        "p95",
        "p99",
        "max",
        "health p50",
        "p95",
        "plugin calls",
        "plugin p50",
        "p95",
        "p99",
        "max",
        "node -e p50",
        "p95",
      ],
      ENGINES.map((engine) => {
        const h = figures[engine];
        return [
          ENGINE_NAMES[engine],
          fmt(h.calls),
          fmt(h.noted),
          fmt(h.server.p50, 1),
          fmt(h.server.p95, 1),
          fmt(h.server.p99, 1),
          fmt(h.server.max, 1),
          fmt(h.floor.p50, 1),
          fmt(h.floor.p95, 1),
          fmt(h.plugin.calls),
          fmt(h.plugin.p50),
          fmt(h.plugin.p95),
          fmt(h.plugin.p99),
          fmt(h.plugin.max),
          fmt(h.node.p50),
          fmt(h.node.p95),
        ];
      }),
    ),
  ];
}

function growth({ growth: rows }: BenchResults): Section {
  const widest = Math.max(0, ...rows.map((g) => g.steps.length));
  return [
    "Growth",
    "The factor per step, and the exponent log(cost ratio) / log(size ratio); above 1 grows faster than the data.",
    table(
      ["cost", "engine", "values", ...Array.from({ length: widest }, (_, i) => `step ${i + 1}`), "over linear"],
      rows.map((g) => [
        `${g.cost} (${g.unit})`,
        ENGINE_NAMES[g.engine],
        g.points.map((p) => `${fmt(p.size)}: ${ms(p.value)}`).join(", "),
        ...Array.from({ length: widest }, (_, i) => {
          const s = g.steps[i];
          return s ? `${fmt(s.from)}→${fmt(s.to)}: ${fmt(s.factor, 2)}×, exponent ${fmt(s.exponent, 2)}` : "";
        }),
        g.steps.some((s) => s.overLinear) ? (g.reference ? "yes (baseline)" : "**yes**") : "no",
      ]),
    ),
  ];
}

function run({ meta }: BenchResults): Section {
  const tree = meta.uncommittedFiles > 0 ? ` plus ${meta.uncommittedFiles} uncommitted files` : "";
  const build = meta.buildSeconds > 0 ? ` after a ${fmt(meta.buildSeconds)} s build` : "";
  return [
    "Run",
    "",
    `${meta.date}, \`${meta.command}\`, ${meta.cpus} × ${meta.cpuModel}, ${fmt(meta.memoryGb)} GB, Node ${meta.node}, commit ${meta.commit.slice(0, 12)}${tree}. ` +
      `Load average ${fmt(meta.loadAverage.start, 2)} at the start, ${fmt(meta.loadAverage.end, 2)} at the end (other work on the machine slows every figure); ` +
      `the run took ${fmt(meta.durationSeconds)} s${build}. ${meta.postgres}.`,
  ];
}

const verdict = (t: Target) => (t.pass === null ? "reported (no target)" : t.pass ? "PASS" : "**MISS**");

/** A row per target, a column per engine: SQLite's are the product's targets, PostgreSQL's the same targets applied to its figures. */
function targetTable(targets: Target[]): Section {
  const cells = (name: string, engine: Engine) => {
    const t = targets.find((x) => x.target === name && x.engine === engine);
    return t ? [t.measured, verdict(t)] : ["not measured", ""];
  };
  const rows = [...new Set(targets.map((t) => t.target))].map((name) => {
    const shared = targets.find((t) => t.target === name && t.engine === null);
    return shared
      ? [name, shared.measured, verdict(shared), "the same (no storage)", ""]
      : [name, ...ENGINES.flatMap((engine) => cells(name, engine))];
  });
  return [
    "Targets",
    "The targets of docs/performance-targets.md, on SQLite, and PostgreSQL's figures against the same targets.",
    table(["target", ...ENGINES.flatMap((engine) => [ENGINE_NAMES[engine], `${ENGINE_NAMES[engine]} result`])], rows),
  ];
}

export function markdown(results: BenchResults): string {
  const { runs, targets } = results;
  const sections: Section[] = [
    run(results),
    ...ingest(runs),
    cli(results),
    guidance(runs),
    pages(runs),
    ...search(results),
    ...memory(results),
    stalls(results),
    otlp(results),
    hooks(results),
    growth(results),
    knowledgeSection(results.knowledge),
    targetTable(targets),
  ];
  const section = ([title, about, text]: Section) =>
    [`## ${title}`, about, text].filter((part) => part !== "").join("\n\n");
  return `# Benchmark results\n\n${sections.map(section).join("\n\n")}\n`;
}
