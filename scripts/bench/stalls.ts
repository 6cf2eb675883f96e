/**
 * Availability while one caller loads the production server: `/api/v1/health` asked back to back (its latency's
 * p50/p95/p99) while, in turn, one caller uploads a large transcript, sends 20 MCP requests each batching
 * search_memories up to the batch cap, sends 20 batching get_guidance, reports an ablation run with a large
 * transcript, uploads a file of bad lines (`{}`, after one good session), and uploads a zip bomb (a 1 MB archive of
 * nine entries declaring 5 MB and each inflating to 110 MB, refused as each passes the 100:1 ratio). The server runs with its default
 * limits (uploads and MCP requests under way per person, MCP batch cap), as a team's instance does.
 */
import { fork } from "node:child_process";
import path from "node:path";
import zlib from "node:zlib";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { MAX_MCP_BATCH } from "@/lib/mcp/batch";
import { handZip } from "@/test/factories/zip";
import { latencySummary } from "../harness/latency";
import type { Databases, Engine } from "./databases";
import { startBenchServer, type BenchServer } from "./server";
import { generatedTranscripts, sessionUuid } from "./transcripts";

export interface StallLoad {
  load: string;
  /** Health checks answered while the load ran, and their latency (ms). */
  health: { samples: number; p50: number; p95: number; p99: number; max: number };
  /** The load's HTTP answers, status → how many. */
  statuses: Record<string, number>;
  seconds: number;
}

export interface StallFigures {
  /** Megabytes of the large transcript (upload, ablation run); lines of the bad-line file. */
  transcriptMb: number;
  badLines: number;
  /** Sessions stored before, so searches and guidance have something to read. */
  seeded: number;
  loads: StallLoad[];
}

const PROJECT = "stalls";
const CWD = "/home/dev/stalls";
const RESULT = Array.from(
  { length: 1_500 },
  (_, i) => `${String(i + 1).padStart(5)}\tconst value${i} = compute(input, ${i}); // a large file the agent read`,
).join("\n");

/**
 * One Claude Code session of about `mb` megabytes: the bench's generated transcripts' lines filed under one session
 * id, with tool results of about 100 KB (a large file read), the kind of line that made parsing steps long.
 */
export function largeTranscript(mb: number, batch: number): { name: string; content: Buffer } {
  const id = sessionUuid(batch, 0);
  const lines: string[] = [];
  let size = 0;
  for (let round = 0; size < mb * 1024 * 1024; round++) {
    for (const t of generatedTranscripts(100, batch * 1_000 + round)) {
      const text = t.content.toString();
      const own = /"sessionId":"([^"]+)"/.exec(text)?.[1] ?? "";
      for (const raw of text.split("\n")) {
        let line = raw
          .split(`"sessionId":"${own}"`)
          .join(`"sessionId":"${id}"`)
          .split(`"cwd":"/home/dev/app"`)
          .join(`"cwd":"${CWD}"`);
        if (line.includes('"tool_result"'))
          line = line.replace(
            /"content":"(?:[^"\\]|\\.)*","is_error"/,
            `"content":${JSON.stringify(RESULT)},"is_error"`,
          );
        lines.push(line);
        size += line.length + 1;
      }
      if (size >= mb * 1024 * 1024) break;
    }
  }
  return { name: `-home-dev-stalls/${id}.jsonl`, content: Buffer.from(lines.join("\n")) };
}

const POLLER = path.join(import.meta.dirname, "health-poller.mjs");

/** Health checks from a process of their own (health-poller.mjs) while `run` runs: each answer's latency in ms. */
async function pollHealthDuring<T>(url: string, run: () => Promise<T>): Promise<{ samples: number[]; result: T }> {
  const poller = fork(POLLER, [url]);
  await new Promise((resolve) => poller.once("message", resolve));
  try {
    const result = await run();
    const samples = new Promise<number[]>((resolve) => poller.once("message", (m) => resolve(m as number[])));
    poller.send("stop");
    return { samples: await samples, result };
  } catch (error) {
    poller.kill();
    throw error;
  }
}

async function measured(server: BenchServer, load: string, run: () => Promise<number[]>): Promise<StallLoad> {
  const started = performance.now();
  const { samples, result: statuses } = await pollHealthDuring(server.url, run);
  const seconds = (performance.now() - started) / 1000;
  const health = { samples: samples.length, ...latencySummary(samples) };
  const counted: Record<string, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  console.log(
    `  ${load}: health p50 ${health.p50.toFixed(0)} ms, p95 ${health.p95.toFixed(0)}, p99 ${health.p99.toFixed(0)}, max ${health.max.toFixed(0)} (${health.samples} checks); answers ${JSON.stringify(counted)} in ${seconds.toFixed(1)} s`,
  );
  return { load, health, statuses: counted, seconds };
}

async function post(
  server: BenchServer,
  pathAndQuery: string,
  body: BodyInit,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(`${server.url}${pathAndQuery}`, {
    method: "POST",
    headers: { ...server.tokenHeaders, ...headers },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** `requests` MCP requests at once, each a batch of MAX_MCP_BATCH calls of `tool`. */
function mcpBatches(
  server: BenchServer,
  requests: number,
  tool: string,
  args: (i: number) => Record<string, unknown>,
): Promise<number[]> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  return Promise.all(
    Array.from({ length: requests }, (_, r) => {
      const batch = Array.from({ length: MAX_MCP_BATCH }, (_, i) => ({
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { name: tool, arguments: args(r * MAX_MCP_BATCH + i) },
      }));
      return post(server, "/api/v1/mcp", JSON.stringify(batch), headers);
    }),
  );
}

/**
 * One small request of each kind first: a fresh server loads and compiles each route's code on its first request,
 * which is not what a caller's load costs afterwards.
 */
async function warmUp(server: BenchServer): Promise<void> {
  const small = largeTranscript(0.1, 899);
  const statuses = [
    await post(
      server,
      `/api/v1/ingest?project=${PROJECT}&name=${encodeURIComponent(small.name)}`,
      small.content as BodyInit,
    ),
    ...(await mcpBatches(server, 1, "search_memories", () => ({ q: "test" }))),
    ...(await mcpBatches(server, 1, "get_guidance", () => ({ project: PROJECT }))),
    ...(await ablationRun(server, small)),
    await post(server, `/api/v1/ingest?project=${PROJECT}&name=bad.jsonl`, "{}\n{}\n"),
  ];
  console.log(`  warm-up answers: ${statuses.join(", ")}`);
}

const WORDS = ["test", "build", "error", "refactor", "deploy", "lint", "fix", "read", "edit", "search"];

async function ablationRun(server: BenchServer, transcript: { name: string; content: Buffer }): Promise<number[]> {
  const start = {
    suite: "stalls",
    agent: "bench",
    tasks: ["t1"],
    arms: ["guidance", "none"],
    runs: 1,
    seed: 1,
    format: "markdown",
  };
  const started = await fetch(`${server.url}/api/v1/projects/${PROJECT}/ablations`, {
    method: "POST",
    headers: { ...server.tokenHeaders, "content-type": "application/json" },
    body: JSON.stringify(start),
  });
  if (started.status !== 201)
    throw new Error(`starting the ablation answered HTTP ${started.status}: ${await started.text()}`);
  const { id } = (await started.json()) as { id: number };
  const form = new FormData();
  form.append(
    "run",
    JSON.stringify({
      task: "t1",
      arm: "none",
      run: 1,
      status: "completed",
      setup: null,
      agent: null,
      check: null,
      detail: null,
    }),
  );
  form.append("files", new Blob([transcript.content as BlobPart]), transcript.name);
  return [await post(server, `/api/v1/projects/${PROJECT}/ablations/${id}/runs`, form)];
}

/** Nine entries declaring 5 MB each and holding 110 MB of zeros, deflated to about 107 KB each. */
function zipBomb(): Buffer {
  const zeros = zlib.deflateRawSync(Buffer.alloc(110 * 1024 * 1024), { level: 9 });
  return Buffer.from(
    handZip(
      Array.from({ length: 9 }, (_, i) => ({
        name: `p/${i}.jsonl`,
        data: zeros,
        method: 8,
        declared: 5 * 1024 * 1024,
      })),
    ),
  );
}

/** The six loads on a fresh server over `engine`'s database. */
export async function benchStalls(
  databases: Databases,
  engine: Engine,
  options: { port: number; log: string; transcriptMb: number; badLines: number; seeded: number },
): Promise<StallFigures> {
  // Every body is made before the server starts: making one takes seconds, and a connection the client keeps alive
  // meanwhile is closed by the server (5 s), under the next request's first write.
  const seed = toJsonl(generateAcosTrajectories({ seed: 77, count: options.seeded, idPrefix: "stalls" }));
  const upload = largeTranscript(options.transcriptMb, 900);
  const run = largeTranscript(options.transcriptMb, 901);
  const good = toJsonl(generateAcosTrajectories({ seed: 78, count: 1, idPrefix: "bad-lines" }));
  const bad = Buffer.from(good + "{}\n".repeat(options.badLines));
  const bomb = zipBomb();
  const place = await databases.fresh(engine, "stalls");
  const env = { STARLIGHT_MAX_BODY_MB: String(options.transcriptMb + 16), STARLIGHT_UPLOADS_CONCURRENT: "4" };
  const server = await startBenchServer(
    place,
    options.port,
    path.join(path.dirname(options.log), "stalls-server.log"),
    env,
  );
  try {
    const seeded = await post(server, `/api/v1/ingest?project=${PROJECT}&name=seed.jsonl`, seed);
    if (seeded !== 200) throw new Error(`seeding the stalls project answered HTTP ${seeded}`);
    await warmUp(server);
    const loads: StallLoad[] = [];
    loads.push(
      await measured(server, `upload of one ${options.transcriptMb} MB transcript`, async () => [
        await post(
          server,
          `/api/v1/ingest?project=${PROJECT}&name=${encodeURIComponent(upload.name)}`,
          upload.content as BodyInit,
        ),
      ]),
    );
    loads.push(
      await measured(server, `20 MCP requests of ${MAX_MCP_BATCH} search_memories`, () =>
        mcpBatches(server, 20, "search_memories", (i) => ({ q: WORDS[i % WORDS.length], limit: 50 })),
      ),
    );
    loads.push(
      await measured(server, `20 MCP requests of ${MAX_MCP_BATCH} get_guidance`, () =>
        mcpBatches(server, 20, "get_guidance", () => ({ project: PROJECT })),
      ),
    );
    loads.push(
      await measured(server, `ablation run with a ${options.transcriptMb} MB transcript`, () =>
        ablationRun(server, run),
      ),
    );
    loads.push(
      await measured(server, "zip bomb of nine entries lying about their size", async () => [
        await post(server, `/api/v1/ingest?project=${PROJECT}&name=bomb.zip`, bomb as BodyInit),
      ]),
    );
    loads.push(
      await measured(server, `file of ${options.badLines.toLocaleString("en-US")} bad lines ({})`, async () => [
        await post(server, `/api/v1/ingest?project=${PROJECT}&name=bad.jsonl`, bad as BodyInit),
      ]),
    );
    return { transcriptMb: options.transcriptMb, badLines: options.badLines, seeded: options.seeded, loads };
  } finally {
    await server.stop();
    await place.drop();
  }
}
