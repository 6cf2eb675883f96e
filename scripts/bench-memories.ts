// The memory-search section of `npm run bench`: a generated vault (the memories ingest writes plus hand-written
// lessons) at several sizes, and a fixed, seeded mix of queries through searchMemories.
import path from "node:path";
import { openDb, type Db } from "@/db/client";
import { countTextMatches, RANKED_WINDOW, searchMemories } from "@/db/queries/memories";
import { memories, projects } from "@/db/schema";
import { generateMemories, type GeneratedMemory } from "@/lib/generate/memories";
import { createRandom, type Random } from "@/lib/generate/random";
import type { MemorySearch } from "@/lib/memory/contract";
import { MEMORY_CATEGORIES } from "@/lib/trajectory";

const SIZES = (process.env.BENCH_MEMORY_SIZES ?? "1000,10000,100000").split(",").map(Number);
const TIMED_PASSES = 3;
const DAY = 86_400_000;

type QueryClass = "rare word" | "medium word" | "common word" | "prefix" | "phrase" | "word + filters" | "filters only";
interface BenchQuery {
  kind: QueryClass;
  search: MemorySearch;
}

function store(db: Db, generated: GeneratedMemory[]): void {
  const slugs = [...new Set(generated.map((m) => m.project))].sort();
  const ids = new Map(slugs.map((slug) => [slug, db.insert(projects).values({ slug, name: slug }).returning().get().id]));
  db.transaction((tx) => {
    for (let i = 0; i < generated.length; i += 500) {
      const rows = generated.slice(i, i + 500).map((m) => ({
        projectId: ids.get(m.project) ?? null,
        category: m.category,
        content: m.content,
        tags: m.tags.join(" "),
        confidence: m.confidence,
        source: m.source,
        pinned: m.pinned,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
        reinforcedAt: m.reinforcedAt,
      }));
      tx.insert(memories).values(rows).run();
    }
  });
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words (3+ letters, not numbers) by the number of memories holding them, most common first. */
function documentFrequencies(generated: GeneratedMemory[]): [string, number][] {
  const df = new Map<string, number>();
  for (const m of generated) for (const w of new Set(words(m.content))) df.set(w, (df.get(w) ?? 0) + 1);
  return [...df].filter(([w]) => w.length >= 3 && !/^\d+$/.test(w)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function randomFilters(rng: Random, generated: GeneratedMemory[], end: number): Omit<MemorySearch, "limit" | "offset"> {
  const m = rng.pick(generated);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  switch (rng.int(0, 4)) {
    case 0:
      return { project: m.project };
    case 1:
      return { category: rng.pick(MEMORY_CATEGORIES), minConfidence: rng.pick([0.3, 0.5, 0.7]) };
    case 2:
      return { tag: rng.pick(m.tags.length > 0 ? m.tags : ["acos"]) };
    case 3:
      return { from: day(end - rng.int(7, 60) * DAY), to: day(end) };
    default:
      return { project: m.project, category: m.category, sort: rng.pick(["recent", "confidence"] as const) };
  }
}

/** About 200 searches: rare, medium and common words, prefixes, phrases, words with filters, filters alone. */
function queryMix(generated: GeneratedMemory[], seed: number): BenchQuery[] {
  const rng = createRandom(seed);
  const df = documentFrequencies(generated);
  const end = Math.max(...generated.map((m) => m.updatedAt));
  const n = generated.length;
  const rare = df.filter(([, count]) => count <= 20).map(([w]) => w);
  const medium = df.filter(([, count]) => count > n / 1000 && count <= n / 20).map(([w]) => w);
  const common = df.slice(0, 30).map(([w]) => w);
  const out: BenchQuery[] = [];
  const add = (kind: QueryClass, search: Omit<MemorySearch, "limit" | "offset">) => out.push({ kind, search: { limit: 20, offset: 0, ...search } });
  for (let i = 0; i < 50 && rare.length > 0; i++) add("rare word", { q: rng.pick(rare) });
  for (let i = 0; i < 40 && medium.length > 0; i++) add("medium word", { q: rng.pick(medium) });
  for (const word of common) add("common word", { q: word });
  for (let i = 0; i < 30; i++) {
    const word = rng.pick(rng.chance(0.5) ? medium : common) ?? "read";
    add("prefix", { q: `${word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)))}*` });
  }
  for (let i = 0; i < 20; i++) {
    const text = words(rng.pick(generated).content);
    const start = rng.int(0, Math.max(0, text.length - 3));
    add("phrase", { q: i === 0 ? '"read before edit"' : `"${text.slice(start, start + rng.int(2, 3)).join(" ")}"` });
  }
  for (let i = 0; i < 20; i++) add("word + filters", { q: rng.pick(rng.chance(0.5) ? medium : common) ?? "read", ...randomFilters(rng, generated, end) });
  for (let i = 0; i < 10; i++) add("filters only", randomFilters(rng, generated, end));
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function runMix(db: Db, mix: BenchQuery[], now: number): Map<QueryClass | "all", number[]> {
  for (const { search } of mix) searchMemories(search, now, db);
  const times = new Map<QueryClass | "all", number[]>();
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    for (const { kind, search } of mix) {
      const started = performance.now();
      searchMemories(search, now, db);
      const ms = performance.now() - started;
      for (const key of [kind, "all"] as const) times.set(key, [...(times.get(key) ?? []), ms]);
    }
  }
  return times;
}

export function benchMemorySearch(dir: string): void {
  console.log(`\nMemory search (searchMemories over a generated vault; ${TIMED_PASSES} timed passes of a seeded query mix after a warm-up)`);
  const summary: string[] = [];
  for (const size of SIZES) {
    const generated = generateMemories({ seed: 42, count: size });
    const db = openDb(path.join(dir, `memories-${size}.db`));
    const started = performance.now();
    store(db, generated);
    const storeMs = performance.now() - started;
    const mix = queryMix(generated, 7);
    const now = Math.max(...generated.map((m) => m.updatedAt));
    const times = runMix(db, mix, now);

    const [commonest] = documentFrequencies(generated)[0] ?? ["read"];
    const matches = countTextMatches(commonest, db);
    const common = searchMemories({ q: commonest, limit: 20, offset: 0 }, now, db);
    console.log(`\n${size.toLocaleString("en-US")} memories (stored in ${(storeMs / 1000).toFixed(1)} s, ${mix.length} queries)`);
    console.log("queries          runs   p50 ms   p95 ms   max ms");
    for (const [kind, samples] of [...times].sort(([a], [b]) => Number(a === "all") - Number(b === "all"))) {
      const sorted = [...samples].sort((a, b) => a - b);
      const cells = [0.5, 0.95, 1].map((p) => percentile(sorted, p).toFixed(2).padStart(8));
      console.log(`${kind.padEnd(15)} ${String(samples.length).padStart(5)} ${cells.join(" ")}`);
      if (kind === "all") summary.push(`${size.toLocaleString("en-US").padStart(8)} ${cells.join(" ")}`);
    }
    console.log(
      `commonest word "${commonest}": ${matches.toLocaleString("en-US")} matches; ${common.bounded ? `bounded (ranked the ${RANKED_WINDOW.toLocaleString("en-US")} most recently added)` : "not bounded (every match ranked)"}`,
    );
    db.$client.close();
  }
  console.log("\nGrowth, all queries:\n    size   p50 ms   p95 ms   max ms");
  for (const line of summary) console.log(line);
}
