/**
 * Memory search: a generated vault (the memories ingest writes plus hand-written lessons) of one size, and a fixed,
 * seeded mix of about 260 queries through `searchMemories`, timed over several passes after a warm-up, on either
 * engine. The baseline is the engine's bare match of each query's words (bare-search.ts). The vault is stored as
 * the app stores rows, 500 to a multi-row INSERT, in one transaction, then settled (databases.ts). The targets
 * (docs/performance.md) hold the queries that match at most SMALL_MATCHES memories (words and every
 * filter, counted in full) to a p95, and every query to a maximum.
 */
import { transaction, type Db } from "@/db/client";
import { countAllMatches, searchMemories } from "@/db/queries/memories";
import { memories, projects } from "@/db/schema";
import { generateMemories, type GeneratedMemory } from "@/test/factories/generate/memories";
import { createRandom, type Random } from "@/test/factories/generate/random";
import type { MemorySearch } from "@/lib/memory/contract";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { bareSearch } from "./bare-search";
import type { Place } from "./databases";
import { collectGarbage, elapsedAsync, latency, type Latency } from "./measure";
import { SMALL_MATCHES } from "./results";
import { decayAt } from "@/lib/server/memories";

const TIMED_PASSES = 3;
const DAY = 86_400_000;

type QueryClass =
  | "rare word"
  | "medium word"
  | "common word"
  | "prefix"
  | "typing"
  | "word forms"
  | "phrase"
  | "word + filters"
  | "filters only";
interface BenchQuery {
  kind: QueryClass;
  search: MemorySearch;
}

async function store(db: Db, generated: GeneratedMemory[]): Promise<void> {
  const slugs = [...new Set(generated.map((m) => m.project))].sort();
  const ids = new Map<string, number>();
  for (const slug of slugs)
    ids.set(slug, (await db.insert(projects).values({ slug, name: slug }).returning().get()).id);
  await transaction(db, async () => {
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
      await db.insert(memories).values(rows).run();
    }
  });
}

const newest = (generated: readonly GeneratedMemory[]) => generated.reduce((max, m) => Math.max(max, m.updatedAt), 0);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words (3+ letters, not numbers) by the number of memories holding them, most common first. */
function documentFrequencies(generated: GeneratedMemory[]): [string, number][] {
  const df = new Map<string, number>();
  for (const m of generated) for (const w of new Set(words(m.content))) df.set(w, (df.get(w) ?? 0) + 1);
  return [...df]
    .filter(([w]) => w.length >= 3 && !/^\d+$/.test(w))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
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

/** Suffixes a word form drops (`deployment` → `deploy`, `operations` → `operat`), longest first. */
const SUFFIXES = ["ment", "ions", "ion", "ing", "ed", "s"];

/** A word as someone might type another form of it: without its suffix, when at least four letters remain. */
function wordForm(word: string): string | null {
  const suffix = SUFFIXES.find((end) => word.endsWith(end) && word.length - end.length >= 4);
  return suffix === undefined ? null : word.slice(0, -suffix.length);
}

/**
 * About 260 searches: rare, medium and common words, prefixes (`word*`), words being typed (the last one cut short,
 * no `*`), other forms of the vault's words, phrases, words with filters, filters alone. Every search's last word is
 * matched as the start of words too (lib/memory/fts-query.ts), so every class but filters alone meets it. `df`: the
 * vault's words by the memories holding them (`documentFrequencies`), counted once for the mix and the commonest word.
 */
function queryMix(generated: GeneratedMemory[], df: [string, number][], seed: number): BenchQuery[] {
  const rng = createRandom(seed);
  const end = newest(generated);
  const n = generated.length;
  const rare = df.filter(([, count]) => count <= 20).map(([w]) => w);
  const medium = df.filter(([, count]) => count > n / 1000 && count <= n / 20).map(([w]) => w);
  const common = df.slice(0, 30).map(([w]) => w);
  const out: BenchQuery[] = [];
  const add = (kind: QueryClass, search: Omit<MemorySearch, "limit" | "offset">) =>
    out.push({ kind, search: { limit: 20, offset: 0, ...search } });
  for (let i = 0; i < 50 && rare.length > 0; i++) add("rare word", { q: rng.pick(rare) });
  for (let i = 0; i < 40 && medium.length > 0; i++) add("medium word", { q: rng.pick(medium) });
  for (const word of common) add("common word", { q: word });
  for (let i = 0; i < 30; i++) {
    const word = rng.pick(rng.chance(0.5) ? medium : common) ?? "read";
    add("prefix", { q: `${word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)))}*` });
  }
  for (let i = 0; i < 30; i++) {
    const word = rng.pick(rng.chance(0.5) ? medium : common) ?? "read";
    const typed = word.slice(0, rng.int(3, Math.max(3, word.length - 1)));
    add("typing", { q: rng.chance(0.5) ? typed : `${rng.pick(common) ?? "read"} ${typed}` });
  }
  const forms = [...medium, ...common].flatMap((word) => wordForm(word) ?? []);
  for (let i = 0; i < 30 && forms.length > 0; i++) add("word forms", { q: rng.pick(forms) });
  for (let i = 0; i < 20; i++) {
    const text = words(rng.pick(generated).content);
    const start = rng.int(0, Math.max(0, text.length - 3));
    add("phrase", { q: i === 0 ? '"read before edit"' : `"${text.slice(start, start + rng.int(2, 3)).join(" ")}"` });
  }
  for (let i = 0; i < 20; i++)
    add("word + filters", {
      q: rng.pick(rng.chance(0.5) ? medium : common) ?? "read",
      ...randomFilters(rng, generated, end),
    });
  for (let i = 0; i < 10; i++) add("filters only", randomFilters(rng, generated, end));
  return out;
}

type Timings = Map<QueryClass | "all" | "small", number[]>;

/**
 * Times every query of the mix with `time` (the milliseconds one search took), after one untimed pass; `small` holds
 * the timings of the queries matching at most SMALL_MATCHES.
 */
async function runMix(
  mix: BenchQuery[],
  time: (search: MemorySearch) => number | Promise<number>,
  small: ReadonlySet<BenchQuery> = new Set(),
): Promise<Timings> {
  for (const { search } of mix) await time(search);
  const times: Timings = new Map();
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    for (const query of mix) {
      const ms = await time(query.search);
      const keys: (QueryClass | "all" | "small")[] = small.has(query)
        ? [query.kind, "all", "small"]
        : [query.kind, "all"];
      for (const key of keys) times.set(key, [...(times.get(key) ?? []), ms]);
    }
  }
  return times;
}

export interface MemoryFigures {
  size: number;
  storeMs: number;
  queries: number;
  all: Latency;
  /** The queries matching at most SMALL_MATCHES memories (words and every filter). */
  small: Latency & { queries: number };
  baseline: Latency;
  byClass: Partial<Record<QueryClass, Latency>>;
  /** The most common word alone: its matches, why its search was bounded (null: it was not), its time. */
  commonest: { word: string; matches: number; bounded: string | null; ms: number };
}

/**
 * Generates and stores `size` memories, and keeps of them only what the timing needs: the generated memories
 * themselves are collected (`collectGarbage`) before any search is timed. Held (about a million objects), they made
 * the bench process's collections add about 3 ms to the p95 at 1,000,000, a cost of the bench's heap, not of search.
 */
async function storeVault(
  db: Db,
  place: Place,
  size: number,
): Promise<{ storeMs: number; mix: BenchQuery[]; now: number; commonest: string }> {
  const generated = generateMemories({ seed: 42, count: size });
  const storeMs = await elapsedAsync(() => store(db, generated));
  await place.settle();
  const df = documentFrequencies(generated);
  const [commonest] = df[0] ?? ["read"];
  return { storeMs, mix: queryMix(generated, df, 7), now: newest(generated), commonest };
}

/** Stores `size` memories in `place`, a fresh database, then times the query mix. */
export async function benchMemorySearch(place: Place, size: number): Promise<MemoryFigures> {
  const db = place.open();
  const { storeMs, mix, now, commonest: word } = await storeVault(db, place, size);
  collectGarbage();
  const small = new Set<BenchQuery>();
  for (const query of mix)
    if ((await countAllMatches(db, query.search, decayAt(now), SMALL_MATCHES + 1)) <= SMALL_MATCHES) small.add(query);
  const times = await runMix(mix, (search) => elapsedAsync(() => searchMemories(db, search, decayAt(now))), small);
  const bare = await bareSearch(place, db);
  const baseline = (await runMix(mix, (search) => bare.time(search))).get("all") ?? [];
  await bare.close();
  const common = { q: word, limit: 20, offset: 0 };
  const commonest = {
    word,
    matches: await countAllMatches(db, common, decayAt(now)),
    bounded: (await searchMemories(db, common, decayAt(now))).bounded,
    ms: await elapsedAsync(() => searchMemories(db, common, decayAt(now))),
  };
  await db.$executor.close();
  const byClass = Object.fromEntries(
    [...times]
      .filter(([kind]) => kind !== "all" && kind !== "small")
      .map(([kind, samples]) => [kind, latency(samples)]),
  );
  return {
    size,
    storeMs,
    queries: mix.length,
    all: latency(times.get("all") ?? []),
    small: { ...latency(times.get("small") ?? []), queries: small.size },
    baseline: latency(baseline),
    byClass,
    commonest,
  };
}
