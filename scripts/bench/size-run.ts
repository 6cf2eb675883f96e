/**
 * Everything measured at one size: ingest of `size` ACOS trajectories and of transcripts of about `size` lines
 * (baselines, library, HTTP; the fastest of 5 runs up to 2,000 records, of 3 up to 20,000, each into a project of
 * its own), the Codex and Gemini parsers on files of about `size` lines each against JSON.parse of their lines, then a
 * project of `size` sessions for guidance (library, HTTP) and the pages. Each phase records the peak memory of the
 * bench process and of the server.
 */
import path from "node:path";
import { acosWorkload, transcriptWorkload, type Workload } from "./batches";
import { httpGuidance, libraryGuidance, seedSessions } from "./guidance";
import { bareIngest, httpIngest, libraryIngest, parseOnly } from "./ingest";
import { fastestOf, PeakRss } from "./measure";
import { measurePages } from "./pages";
import { benchParsers } from "./parsers";
import type { IngestFigures, PeakMemory, SizeFigures } from "./results";
import { startBenchServer, type BenchServer } from "./server";

export interface SizeOptions {
  dir: string;
  port: number;
  pageRequests: number;
  guidanceRuns: number;
  parserMinMs: number;
}

const self = new PeakRss(process.pid);

/** Runs `work`, recording the peak RSS of this process (and of the server, when there is one) while it ran. */
export async function phase<T>(peaks: PeakMemory[], name: string, size: number, server: BenchServer | null, work: () => T | Promise<T>): Promise<T> {
  self.reset();
  server?.rss.reset();
  const result = await work();
  peaks.push({ phase: name, size, benchMb: self.peakMb(), serverMb: server ? server.rss.peakMb() : null });
  return result;
}

const figures = (w: Workload, times: Pick<IngestFigures, "httpMs" | "libraryMs" | "bareMs" | "parseMs">): IngestFigures => ({
  records: w.records,
  sessions: w.sessions,
  bytes: w.bytes,
  requests: w.batches.length,
  ...times,
});

const say = (text: string) => console.log(`  ${text}`);
const per = (records: number, ms: number) => Math.round(records / (ms / 1000)).toLocaleString("en-US");

export async function runSize(size: number, index: number, options: SizeOptions, peaks: PeakMemory[]): Promise<SizeFigures> {
  const file = (name: string) => path.join(options.dir, `${name}-${size}.db`);
  const log = path.join(options.dir, "server.log");
  console.log(`\n${size.toLocaleString("en-US")} trajectories`);
  const acos = acosWorkload(size, 7 + index);
  const transcripts = transcriptWorkload(size, index + 1);

  const reps = (w: Workload) => (w.records <= 2_000 ? 5 : w.records <= 20_000 ? 3 : 1);
  const bare = (w: Workload) => fastestOf(reps(w), (rep) => bareIngest(file(`bare-${w.kind}-${rep}`), w));
  const [acosBare, ccBare] = [await bare(acos), await bare(transcripts)];
  const [acosParse, ccParse] = [await fastestOf(3, () => parseOnly(acos)), await fastestOf(3, () => parseOnly(transcripts))];
  const library = await phase(peaks, "library ingest", size, null, async () => ({
    acos: await fastestOf(reps(acos), (rep) => libraryIngest(file("library"), acos, `acos-${rep}`)),
    transcripts: await fastestOf(reps(transcripts), (rep) => libraryIngest(file("library"), transcripts, `transcripts-${rep}`)),
  }));
  const parsers = await phase(peaks, "Codex and Gemini parsing", size, null, () => benchParsers(size, index + 1, options.parserMinMs));
  for (const [name, f] of Object.entries(parsers)) say(`${name} parser: ${per(f.lines, f.parserMs)} lines/s (JSON.parse ${per(f.lines, f.baselineMs)}, ${f.runs} runs)`);
  say(`library: ${per(acos.records, library.acos)} trajectories/s (bare ${per(acos.records, acosBare)}), ${per(transcripts.records, library.transcripts)} lines/s (bare ${per(transcripts.records, ccBare)})`);

  const ingestServer = await startBenchServer(file("http"), options.port, log);
  const http = await phase(peaks, "HTTP ingest", size, ingestServer, async () => ({
    acos: await fastestOf(reps(acos), (rep) => httpIngest(ingestServer, acos, `acos-${rep}`)),
    transcripts: await fastestOf(reps(transcripts), (rep) => httpIngest(ingestServer, transcripts, `transcripts-${rep}`)),
  }));
  await ingestServer.stop();
  say(`HTTP: ${per(acos.records, http.acos)} trajectories/s, ${per(transcripts.records, http.transcripts)} lines/s`);

  const seedMs = await phase(peaks, "store sessions", size, null, () => seedSessions(file("read"), size));
  const guidance = await phase(peaks, "library guidance", size, null, () => libraryGuidance(file("read"), options.guidanceRuns));
  say(`stored ${size.toLocaleString("en-US")} sessions in ${(seedMs / 1000).toFixed(1)} s; guidance p50 ${guidance.library.p50.toFixed(1)} ms`);

  const readServer = await startBenchServer(file("read"), options.port, log);
  const read = await phase(peaks, "pages + HTTP guidance", size, readServer, async () => ({
    pages: await measurePages(readServer, options.pageRequests),
    guidance: await httpGuidance(readServer, options.guidanceRuns),
  }));
  await readServer.stop();
  const p = read.pages;
  say(`pages p95: overview ${p.overview.p95.toFixed(0)} ms, sessions ${p.sessions.p95.toFixed(0)} ms, rules ${p.rules.p95.toFixed(0)} ms; HTTP guidance p95 ${read.guidance.p95.toFixed(1)} ms`);

  return {
    size,
    acos: figures(acos, { httpMs: http.acos, libraryMs: library.acos, bareMs: acosBare, parseMs: acosParse }),
    transcripts: figures(transcripts, { httpMs: http.transcripts, libraryMs: library.transcripts, bareMs: ccBare, parseMs: ccParse }),
    parsers,
    seedMs,
    guidance: { ...guidance, http: read.guidance },
    pages: read.pages,
  };
}
