/**
 * Guidance timing for one project at 1k / 10k / 100k generated sessions (BENCH_GUIDANCE_SIZES), each stored with
 * storeRecords into a fresh database in `dir`: the SQL aggregates, the pure distillation, and the whole request
 * path (`renderedGuidance`: distil, version, render). Part of `npm run bench`.
 */
import path from "node:path";
import { openDb } from "@/db/client";
import { aggregatesForSlug } from "@/db/queries/aggregates";
import { storeRecords } from "@/db/queries/ingest";
import { generateSessions } from "@/lib/generate/sessions";
import { DEFAULT_BUDGET } from "@/lib/guidance/budget";
import { distil } from "@/lib/guidance/distil";
import { renderedGuidance } from "@/lib/server/guidance";

const SIZES = (process.env.BENCH_GUIDANCE_SIZES ?? "1000,10000,100000").split(",").map(Number);
const RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export function benchGuidance(dir: string): void {
  console.log("\nGuidance for one project (median of 7; the first request also stores generation 1)");
  console.log("sessions   store s   aggregates ms   distil ms   first request ms   request ms   rules");
  for (const size of SIZES) {
    const db = openDb(path.join(dir, `guidance-${size}.db`));
    const stored = time(() => {
      for (let i = 0; i < size; i += 10_000) {
        const trajectories = generateSessions({ seed: 42 + i, count: Math.min(10_000, size - i), idPrefix: `s${i}`, effects: { verification: 0.1 } });
        storeRecords(db, "bench", { trajectories, patterns: [] });
      }
    });
    const aggregates = Array.from({ length: RUNS }, () => time(() => aggregatesForSlug("bench", db)));
    const input = aggregatesForSlug("bench", db)!;
    const distils = Array.from({ length: RUNS }, () => time(() => distil(input)));
    const first = time(() => renderedGuidance("bench", "markdown", DEFAULT_BUDGET, {}, db));
    const requests = Array.from({ length: RUNS }, () => time(() => renderedGuidance("bench", "markdown", DEFAULT_BUDGET, {}, db)));
    const rules = distil(input).rules.length;
    console.log(
      `${String(size).padStart(8)} ${(stored / 1000).toFixed(1).padStart(9)} ${median(aggregates).toFixed(1).padStart(15)} ${median(distils).toFixed(2).padStart(11)} ${first.toFixed(1).padStart(18)} ${median(requests).toFixed(1).padStart(12)} ${String(rules).padStart(7)}`,
    );
    db.$client.close();
  }
}
