// `npm run bench`: measures ingest throughput through the real route handler against a real SQLite file, and a
// bare better-sqlite3 insert of the same rows in the same run as the baseline. Reports ratios, not absolutes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { generateAcosTrajectories, toJsonl } from "@/lib/generate/acos";
import { benchGuidance } from "./bench-guidance";
import { benchMemorySearch } from "./bench-memories";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-bench-"));
process.env.STARLIGHT_DB = path.join(dir, "app.db");
process.env.STARLIGHT_MAX_BODY_MB = "1024";
process.env.STARLIGHT_INGEST_PER_MINUTE = "1000000";

function bareInsert(file: string, records: Record<string, unknown>[]): number {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, external_id TEXT UNIQUE, started_at INTEGER, success_score REAL,
    operation_count INTEGER, tool_breakdown TEXT, raw TEXT)`);
  const insert = db.prepare(`INSERT INTO t (external_id, started_at, success_score, operation_count, tool_breakdown, raw) VALUES (?, ?, ?, ?, ?, ?)`);
  const started = performance.now();
  db.transaction(() => {
    for (const r of records) {
      insert.run(r.id, Date.parse(String(r.startedAt)), r.successScore, r.operationCount, JSON.stringify(r.toolBreakdown), JSON.stringify(r));
    }
  })();
  const ms = performance.now() - started;
  db.close();
  return ms;
}

/** Posts a body to the real ingest route handler as an admin's API token would. */
type Post = (url: string, body: BodyInit) => Promise<Response>;

async function ingestAsAdmin(): Promise<Post> {
  const { POST } = await import("@/app/api/v1/ingest/route");
  const { createUser } = await import("@/lib/server/auth/accounts");
  const { issueToken } = await import("@/lib/server/auth/issue-token");
  const admin = await createUser({ email: "bench@starlight.local", name: "bench", password: "bench-password", isAdmin: true });
  const { token } = issueToken({ userId: admin.id, name: "bench", permissions: ["ingest"], projectIds: null });
  return (url, body) => POST(new Request(url, { method: "POST", body, headers: { authorization: `Bearer ${token}` } }));
}

const FIXTURES = path.resolve("test/fixtures/claude-code");
const BIG = "-Users-chip-dev-ai-music/d3ad4cdc-5657-435d-98fa-0035d53e383d.jsonl";

function transcriptFiles(only?: string): { name: string; content: Buffer }[] {
  const out: { name: string; content: Buffer }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".jsonl") || entry.name.endsWith(".meta.json")) out.push({ name: path.relative(FIXTURES, full), content: fs.readFileSync(full) });
    }
  };
  walk(FIXTURES);
  return only ? out.filter((f) => f.name === only) : out;
}

const lineCount = (files: { content: Buffer }[]) => files.reduce((n, f) => n + f.content.toString("utf8").split("\n").filter((l) => l.trim()).length, 0);

/** The floor any transcript parser pays: decoding and JSON.parse of every line. */
function bareParse(files: { content: Buffer }[]): number {
  const started = performance.now();
  for (const f of files) for (const line of f.content.toString("utf8").split("\n")) if (line.trim()) JSON.parse(line);
  return performance.now() - started;
}

/** Median of `runs` ingests of the files into fresh projects, through the real route handler. */
async function ingestTranscripts(POST: Post, files: { name: string; content: Buffer }[], label: string, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const form = new FormData();
    for (const f of files) form.append("files", new Blob([new Uint8Array(f.content)]), f.name);
    const started = performance.now();
    const response = await POST(`http://bench/api/v1/ingest?project=cc-${label}-${run}`, form);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`transcript ingest failed: ${response.status} ${await response.text()}`);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function transcripts(POST: Post) {
  console.log("\nClaude Code transcripts (median of 5 through the route; baseline: JSON.parse of every line)");
  console.log("input                   lines    route ms   lines/s   parse-only lines/s   route/parse throughput");
  for (const [label, files] of [["881 KB session", transcriptFiles(BIG)], ["whole fixtures folder", transcriptFiles()]] as const) {
    const lines = lineCount(files);
    const routeMs = await ingestTranscripts(POST, files, label.replace(/\W+/g, "-"));
    const parseMs = Math.min(bareParse(files), bareParse(files), bareParse(files));
    const rate = (ms: number) => Math.round(lines / (ms / 1000));
    console.log(
      `${label.padEnd(22)} ${String(lines).padStart(6)} ${routeMs.toFixed(1).padStart(11)} ${String(rate(routeMs)).padStart(9)} ${String(rate(parseMs)).padStart(20)} ${(parseMs / routeMs).toFixed(2).padStart(24)}`,
    );
  }
}

async function main() {
  const POST = await ingestAsAdmin();
  console.log("ACOS trajectories through the route, against a bare better-sqlite3 insert of the same rows");
  console.log("size     route ms   rows/s    bare ms   bare rows/s   route/bare throughput");
  for (const [i, size] of SIZES.entries()) {
    const records = generateAcosTrajectories({ seed: 7 + i, count: size, idPrefix: `bench${i}` }) as Record<string, unknown>[];
    const body = toJsonl(records);
    const started = performance.now();
    const response = await POST(`http://bench/api/v1/ingest?project=bench-${size}`, body);
    const routeMs = performance.now() - started;
    const report = (await response.json()) as { totals: { accepted: number } };
    if (response.status !== 200 || report.totals.accepted !== size) throw new Error(`ingest failed: ${response.status}`);
    const bareMs = bareInsert(path.join(dir, `bare-${size}.db`), records);
    const rate = (ms: number) => Math.round(size / (ms / 1000));
    console.log(
      `${String(size).padEnd(8)} ${routeMs.toFixed(0).padStart(8)} ${String(rate(routeMs)).padStart(8)} ${bareMs.toFixed(0).padStart(10)} ${String(rate(bareMs)).padStart(13)} ${(bareMs / routeMs).toFixed(2).padStart(12)}`,
    );
  }
  await transcripts(POST);
  benchMemorySearch(dir);
  benchGuidance(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
