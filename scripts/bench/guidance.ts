/**
 * The project the read benchmarks use (guidance and pages): `size` generated sessions with ordered operations
 * (test/factories/generate/sessions.ts, a planted verification effect) stored by `storeRecords` into a fresh database, and
 * guidance timed through the library (`renderedGuidance`) and through HTTP, on either engine. The baseline is one bare
 * pass over the project's session rows in SQL (the floor of any aggregate over them), on the engine's own driver:
 * better-sqlite3's prepared statement, or a `pg` client.
 */
import { sqliteOf, type Db } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";
import { DEFAULT_BUDGET } from "@/lib/guidance/budget";
import { currentGuidance, renderedGuidance } from "@/lib/server/guidance";
import { withClient, type Place } from "./databases";
import { elapsed, elapsedAsync, latency, type Latency } from "./measure";
import type { BenchServer } from "./server";

export const PROJECT = "bench";

/** Stores `size` sessions into `place`, then settles it (databases.ts); the milliseconds the storing took. */
export async function seedSessions(place: Place, size: number): Promise<number> {
  const db = place.open();
  const ms = await elapsedAsync(async () => {
    for (let i = 0; i < size; i += 10_000) {
      const sessions = generateSessions({
        seed: 42 + i,
        count: Math.min(10_000, size - i),
        idPrefix: `s${i}`,
        effects: { verification: 0.1 },
      });
      await storeRecords(db, PROJECT, { sessions, patterns: [] });
    }
  });
  await db.$executor.close();
  await place.settle();
  return ms;
}

const scan = (placeholder: string, total: string) =>
  `SELECT domain, count(*) AS n, ${total} AS s FROM sessions WHERE project_id = (SELECT id FROM projects WHERE slug = ${placeholder}) GROUP BY domain`;

/** The baseline's `runs` timings, on the engine's bare driver under (or beside) `db`: no executor, no Drizzle. */
async function bareScans(place: Place, db: Db, runs: number): Promise<number[]> {
  if (place.engine === "sqlite") {
    const statement = sqliteOf(db).prepare(scan("?", "total(success_score)"));
    return Array.from({ length: runs }, () => elapsed(() => statement.all(PROJECT)));
  }
  return withClient(place.url!, async (client) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++)
      samples.push(await elapsedAsync(() => client.query(scan("$1", "coalesce(sum(success_score), 0)"), [PROJECT])));
    return samples;
  });
}

export interface GuidanceFigures {
  /** The first request, which also distils and stores generation 1. */
  firstMs: number;
  library: Latency;
  baseline: Latency;
  rules: number;
}

export async function libraryGuidance(place: Place, runs: number): Promise<GuidanceFigures> {
  const db = place.open();
  const render = () => renderedGuidance(db, PROJECT, "markdown", DEFAULT_BUDGET, {});
  const firstMs = await elapsedAsync(render);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await elapsedAsync(render));
  const library = latency(samples);
  const baseline = latency(await bareScans(place, db, runs));
  const rules = (await currentGuidance(db, PROJECT))?.content.rules.length ?? 0;
  await db.$executor.close();
  return { firstMs, library, baseline, rules };
}

/** GET /api/v1/projects/<project>/guidance with the token, `runs` times after one warm-up. */
export async function httpGuidance(server: BenchServer, runs: number): Promise<Latency> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/projects/${PROJECT}/guidance`, { headers: server.tokenHeaders });
    await response.text();
    if (response.status !== 200) throw new Error(`guidance answered ${response.status}`);
    return performance.now() - started;
  };
  await get();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await get());
  return latency(samples);
}
