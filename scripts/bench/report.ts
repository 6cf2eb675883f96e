/** The benchmark's tables, as markdown (bench/results.md, quoted by README) and on the console. */
import { TEXT_WINDOW } from "@/lib/memory/search-window";
import { rate, SMALL_MATCHES, type BenchResults, type IngestFigures, type SizeFigures } from "./results";

type Section = [title: string, text: string];

const fmt = (x: number, digits = 0) => (Number.isFinite(x) ? x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "–");
const ms = (x: number) => fmt(x, x < 10 ? 2 : x < 100 ? 1 : 0);
const ratio = (x: number) => `${fmt(x, 2)}×`;
const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 1);

function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map((_, i) => (i > 0 ? "---:" : "---"))), ...rows.map(line)].join("\n");
}

const INGEST_HEADERS = ["sessions", "MB", "requests", "HTTP /s", "library /s", "bare insert /s", "HTTP ÷ bare", "library ÷ bare"];

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
      "ACOS ingest (trajectories/s; JSONL files of ≤ 4 MB, one a request; bare insert: the rows Starlight stores for each trajectory, " +
        "its own, its files' and its memory's, one INSERT each, into tables with Starlight's columns and keys but no secondary index, trigger or full-text index)",
      table(["trajectories", ...INGEST_HEADERS], runs.map((r) => ingestRow(r.acos))),
    ],
    [
      "Claude Code transcript ingest (lines/s; generated sessions, ≤ 50 files or 4 MB a request)",
      table(
        ["lines", ...INGEST_HEADERS, "JSON.parse /s", "HTTP ÷ parse", "library ÷ parse"],
        runs.map(({ transcripts: f }) => [...ingestRow(f), fmt(rate(f.records, f.parseMs)), ratio(f.parseMs / f.httpMs), ratio(f.parseMs / f.libraryMs)]),
      ),
    ],
    parsers(runs),
  ];
}

const PARSERS = [["codex", "Codex CLI rollouts"], ["gemini", "Gemini CLI chats"]] as const;

function parsers(runs: SizeFigures[]): Section {
  return [
    "Codex and Gemini parsing (lines/s and MB/s; generated files, each read as the server's ingest reads one, with redaction; " +
      "baseline: splitting the same files into lines and JSON.parse of every line; the fastest of the runs, taken in turns)",
    table(
      ["parser", "lines", "files", "MB", "runs", "JSON.parse lines/s", "JSON.parse MB/s", "parser lines/s", "parser MB/s", "parser ÷ JSON.parse"],
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

function guidance(runs: SizeFigures[]): Section {
  return [
    "Guidance for one project (ms; baseline: one SQL pass over the project's sessions)",
    table(
      ["sessions", "first request", "library p50", "library p95", "HTTP p50", "HTTP p95", "baseline p50", "library ÷ baseline", "HTTP ÷ baseline", "rules"],
      runs.map(({ size, guidance: g }) => [
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
    `Server render time, signed in (ms, p50 / p95 of ${runs[0]?.pages.overview.runs ?? 0} requests after a warm-up; baseline: the not-found page)`,
    table(
      ["sessions", "overview", "sessions page", "rules page", "baseline", "overview ÷ baseline", "sessions ÷ baseline", "rules ÷ baseline"],
      runs.map(({ size, pages: p }) => [
        fmt(size),
        ...[p.overview, p.sessions, p.rules, p.baseline].map((l) => `${ms(l.p50)} / ${ms(l.p95)}`),
        ...[p.overview, p.sessions, p.rules].map((l) => ratio(l.p95 / p.baseline.p95)),
      ]),
    ),
  ];
}

function search({ memories }: BenchResults): Section[] {
  const largest = memories.at(-1);
  if (!largest) return [];
  return [
    [
      `Memory search (ms over ${largest.all.runs} timed searches; "≤ ${fmt(SMALL_MATCHES)}": the queries matching at most that many memories, with every filter; baseline: bare FTS5 match, LIMIT 20, unranked)`,
      table(
        ["memories", "p50", "p95", "max", `queries ≤ ${fmt(SMALL_MATCHES)}`, `p95 ≤ ${fmt(SMALL_MATCHES)}`, "baseline p95", "p95 ÷ baseline", "commonest word: matches", "looked at", "ms"],
        memories.map((m) => [
          fmt(m.size),
          ms(m.all.p50),
          ms(m.all.p95),
          ms(m.all.max),
          fmt(m.small.queries),
          ms(m.small.p95),
          ms(m.baseline.p95),
          ratio(m.all.p95 / m.baseline.p95),
          `"${m.commonest.word}": ${fmt(m.commonest.matches)}`,
          m.commonest.bounded ? `the ${fmt(TEXT_WINDOW)} newest` : "all",
          ms(m.commonest.ms),
        ]),
      ),
    ],
    [
      `Memory search by query class at ${fmt(largest.size)} memories (ms)`,
      table(
        ["queries", "runs", "p50", "p95", "max"],
        Object.entries(largest.byClass).map(([kind, l]) => [kind, fmt(l.runs), ms(l.p50), ms(l.p95), ms(l.max)]),
      ),
    ],
  ];
}

function memory({ upload: u, peakMemory }: BenchResults): Section[] {
  const peaks: Section = [
    "Peak memory (RSS high-water mark per phase, MB)",
    table(
      ["phase", "size", "bench process", "server"],
      peakMemory.map((p) => [p.phase, fmt(p.size), fmt(p.benchMb), p.serverMb === null ? "–" : fmt(p.serverMb)]),
    ),
  ];
  const upload: Section = [
    "Streaming a large upload (one multipart request of 4 MB transcript files that store nothing)",
    table(
      ["upload MB", "HTTP status", "seconds", "MB/s", "server RSS before", "server peak", "rise"],
      [[fmt(u.mb), String(u.status), fmt(u.seconds, 1), fmt(u.mb / u.seconds), fmt(u.serverBeforeMb), fmt(u.serverPeakMb), `+${fmt(u.serverPeakMb - u.serverBeforeMb)}`]],
    ),
  ];
  return [upload, peaks];
}

function growth({ growth: rows }: BenchResults): Section {
  const widest = Math.max(0, ...rows.map((g) => g.steps.length));
  return [
    "Growth (factor per step, and the exponent log(cost ratio) / log(size ratio); > 1 grows faster than the data)",
    table(
      ["cost", "values", ...Array.from({ length: widest }, (_, i) => `step ${i + 1}`), "over linear"],
      rows.map((g) => [
        `${g.cost} (${g.unit})`,
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
    `${meta.date}, \`${meta.command}\`, ${meta.cpus} × ${meta.cpuModel}, ${fmt(meta.memoryGb)} GB, Node ${meta.node}, commit ${meta.commit.slice(0, 12)}${tree}. ` +
      `Load average ${fmt(meta.loadAverage.start, 2)} at the start, ${fmt(meta.loadAverage.end, 2)} at the end (other work on the machine slows every figure); ` +
      `the run took ${fmt(meta.durationSeconds)} s${build}.`,
  ];
}

export function markdown(results: BenchResults): string {
  const { runs, targets } = results;
  const sections: Section[] = [
    run(results),
    ...ingest(runs),
    guidance(runs),
    pages(runs),
    ...search(results),
    ...memory(results),
    growth(results),
    ["DESIGN §4 targets", table(["target", "measured", "result"], targets.map((t) => [t.target, t.measured, t.pass === null ? "reported (no target)" : t.pass ? "PASS" : "**MISS**"]))],
  ];
  return `# Benchmark results\n\n${sections.map(([title, text]) => `## ${title}\n\n${text}`).join("\n\n")}\n`;
}
