/**
 * Everything measured at one size on one engine: ingest of the size's ACOS and transcript workloads (the engine's
 * bare insert, the library, HTTP; the fastest of 5 runs up to 2,000 records, of 3 up to 20,000, fewer when they
 * exceed the plan's time budget, each bare run into a database of its own, each library or HTTP run into a project
 * of its own), then a project of `size` sessions for
 * guidance (library, HTTP) and the pages. Every measurement gets a fresh database, dropped when it ends.
 */
import type { Workload } from "./batches";
import { barePostgresIngest } from "./bare-postgres";
import { bareSqliteIngest } from "./bare-sqlite";
import { ENGINE_NAMES, type Databases, type Engine, type Place } from "./databases";
import { httpGuidance, libraryGuidance, seedSessions } from "./guidance";
import { httpIngest, libraryIngest } from "./ingest";
import { fastestOf, perSecond } from "./measure";
import { measurePages } from "./pages";
import { phase } from "./phase";
import type { IngestFigures, PeakMemory, StorageFigures } from "./results";
import { startBenchServer } from "./server";

export interface StorageOptions {
  databases: Databases;
  port: number;
  /** The servers' output (appended). */
  log: string;
  pageRequests: number;
  guidanceRuns: number;
  ingestBudgetMs: number;
}

/** The size's workloads, and JSON.parse of their lines (the same on every engine). */
export interface SizeWorkloads {
  size: number;
  acos: Workload & { parseMs: number };
  transcripts: Workload & { parseMs: number };
}

const reps = (w: Workload) => (w.records <= 2_000 ? 5 : w.records <= 20_000 ? 3 : 1);

/** Runs `work` on `place`, then drops it. */
async function using<T>(place: Promise<Place>, work: (place: Place) => Promise<T>): Promise<T> {
  const opened = await place;
  try {
    return await work(opened);
  } finally {
    await opened.drop();
  }
}

/** One bare insert of `w` into a fresh database: on PostgreSQL an empty one for transcripts, whose table is its own. */
function bareIngest(engine: Engine, databases: Databases, w: Workload, name: string): Promise<number> {
  if (engine === "sqlite") return using(databases.fresh(engine, name), (place) => bareSqliteIngest(place.file, w));
  return using(w.kind === "acos" ? databases.fresh(engine, name) : databases.emptyPostgres(name), (place) =>
    barePostgresIngest(place, w),
  );
}

const figures = (
  w: SizeWorkloads["acos"],
  times: Pick<IngestFigures, "httpMs" | "libraryMs" | "bareMs">,
): IngestFigures => ({
  records: w.records,
  sessions: w.sessions,
  bytes: w.bytes,
  requests: w.batches.length,
  parseMs: w.parseMs,
  ...times,
});

export async function runStorage(
  engine: Engine,
  work: SizeWorkloads,
  options: StorageOptions,
  peaks: PeakMemory[],
): Promise<StorageFigures> {
  const { databases, port, log } = options;
  const { size, acos, transcripts } = work;
  const say = (text: string) => console.log(`  ${ENGINE_NAMES[engine]} ${text}`);
  const of = (name: string) => ({ name, engine, size });

  const fastest = (w: Workload, run: (rep: number) => Promise<number>) =>
    fastestOf(reps(w), run, options.ingestBudgetMs);
  const bare = (w: Workload) => fastest(w, (rep) => bareIngest(engine, databases, w, `bare-${w.kind}-${size}-${rep}`));
  const [acosBare, ccBare] = [await bare(acos), await bare(transcripts)];
  const library = await using(databases.fresh(engine, `library-${size}`), (place) =>
    phase(peaks, of("library ingest"), async () => ({
      acos: await fastest(acos, (rep) => libraryIngest(place, acos, `acos-${rep}`)),
      transcripts: await fastest(transcripts, (rep) => libraryIngest(place, transcripts, `transcripts-${rep}`)),
    })),
  );
  say(
    `library: ${perSecond(acos.records, library.acos)} trajectories/s (bare ${perSecond(acos.records, acosBare)}), ${perSecond(transcripts.records, library.transcripts)} lines/s (bare ${perSecond(transcripts.records, ccBare)})`,
  );

  const http = await using(databases.fresh(engine, `http-${size}`), async (place) => {
    const server = await startBenchServer(place, port, log);
    try {
      return await phase(peaks, { ...of("HTTP ingest"), server }, async () => ({
        acos: await fastest(acos, (rep) => httpIngest(server, acos, `acos-${rep}`)),
        transcripts: await fastest(transcripts, (rep) => httpIngest(server, transcripts, `transcripts-${rep}`)),
      }));
    } finally {
      await server.stop();
    }
  });
  say(
    `HTTP: ${perSecond(acos.records, http.acos)} trajectories/s, ${perSecond(transcripts.records, http.transcripts)} lines/s`,
  );

  const reads = await using(databases.fresh(engine, `read-${size}`), async (place) => {
    const seedMs = await phase(peaks, of("store sessions"), () => seedSessions(place, size));
    const guidance = await phase(peaks, of("library guidance"), () => libraryGuidance(place, options.guidanceRuns));
    say(
      `stored ${size.toLocaleString("en-US")} sessions in ${(seedMs / 1000).toFixed(1)} s; guidance p50 ${guidance.library.p50.toFixed(1)} ms`,
    );
    const server = await startBenchServer(place, port, log);
    try {
      const read = await phase(peaks, { ...of("pages + HTTP guidance"), server }, async () => ({
        pages: await measurePages(server, options.pageRequests),
        guidance: await httpGuidance(server, options.guidanceRuns),
      }));
      return { seedMs, guidance: { ...guidance, http: read.guidance }, pages: read.pages };
    } finally {
      await server.stop();
    }
  });
  const p = reads.pages;
  say(
    `pages p95: overview ${p.overview.p95.toFixed(0)} ms, sessions ${p.sessions.p95.toFixed(0)} ms, rules ${p.rules.p95.toFixed(0)} ms; HTTP guidance p95 ${reads.guidance.http.p95.toFixed(1)} ms`,
  );

  return {
    acos: figures(acos, { httpMs: http.acos, libraryMs: library.acos, bareMs: acosBare }),
    transcripts: figures(transcripts, { httpMs: http.transcripts, libraryMs: library.transcripts, bareMs: ccBare }),
    ...reads,
  };
}
