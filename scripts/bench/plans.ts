/** What each kind of `npm run bench` run measures, and where it writes its results. */
import { MAX_RECORDS_PER_FILE } from "@/lib/ingest/decode";

export type Mode = "full" | "quick";

export interface Plan {
  mode: Mode;
  /** Sessions (and transcript, Codex and Gemini lines) per size. */
  sizes: number[];
  memorySizes: number[];
  /** `starlight import`'s folders: ACOS trajectory files (a session each), and Claude Code transcript lines. */
  cli: { acosFiles: number; transcriptLines: number };
  /** Megabytes of the streamed upload. */
  uploadMb: number;
  /** Availability under one caller's load (stalls.ts): the large transcript's MB, the bad-line file's lines, sessions seeded first. */
  stalls: { transcriptMb: number; badLines: number; seeded: number };
  /** Tool-call hook requests to the server (hooks.ts); the plugin's command runs a fifth as often. */
  hookCalls: number;
  pageRequests: number;
  /** Ingest runs of one workload stop once they have taken this long (storage-run.ts), whatever their number. */
  ingestBudgetMs: number;
  guidanceRuns: number;
  /** Claude Code OpenTelemetry events sent to the OTLP receiver per encoding (otlp.ts). */
  otlpEvents: number;
  /** Seeds of the generated projects the knowledge evaluation scores beside the labelled fixtures (knowledge.ts). */
  knowledgeSeeds: number[];
  /** Wall time each parser benchmark runs for at least, its baseline's runs taken in turn with the parser's. */
  parserMinMs: number;
  /** Written as `<out>.json` and `<out>.md`, relative to the repo. */
  out: string;
  command: string;
}

export const PLANS: Record<Mode, Plan> = {
  full: {
    mode: "full",
    sizes: [1_000, 10_000, 100_000],
    memorySizes: [10_000, 100_000, 1_000_000],
    cli: { acosFiles: 10_000, transcriptLines: 100_000 },
    uploadMb: 500,
    stalls: { transcriptMb: 99, badLines: MAX_RECORDS_PER_FILE - 1, seeded: 10_000 },
    hookCalls: 300,
    pageRequests: 20,
    ingestBudgetMs: 60_000,
    guidanceRuns: 10,
    parserMinMs: 3_000,
    knowledgeSeeds: [1, 2, 3],
    otlpEvents: 100_000,
    out: "bench/results",
    command: "npm run bench",
  },
  quick: {
    mode: "quick",
    sizes: [200, 400],
    memorySizes: [2_000],
    cli: { acosFiles: 200, transcriptLines: 2_000 },
    uploadMb: 10,
    stalls: { transcriptMb: 5, badLines: 50_000, seeded: 200 },
    pageRequests: 2,
    ingestBudgetMs: 1_000,
    guidanceRuns: 2,
    parserMinMs: 200,
    knowledgeSeeds: [1],
    otlpEvents: 2_000,
    hookCalls: 30,
    out: ".tmp/bench-quick/results",
    command: "npm run bench -- --quick",
  },
};
