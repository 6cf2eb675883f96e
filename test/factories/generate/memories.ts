import { generateAcosPatterns, generateAcosTrajectories } from "@/test/factories/generate/acos";
import { createRandom, type Random } from "@/test/factories/generate/random";
import { parseAcosTrajectory } from "@/lib/ingest/acos";
import { parseAcosPattern } from "@/lib/ingest/patterns";
import { classifyPattern, classifySession } from "@/lib/learn/classify";
import { computeFeatures } from "@/lib/learn/features";
import { patternMemory, sessionMemory } from "@/lib/learn/memory";
import { MEMORY_CATEGORIES, type MemoryCategory, type MemoryDraft } from "@/lib/session";

/**
 * Seeded, realistic memory vault contents for the search benchmark: the memories ingest writes for ACOS
 * sessions and tool-sequence patterns (through the real parser, features, classifier and memory
 * writer), plus lessons people write by hand, whose vocabulary follows a Zipf curve so that a search meets
 * very common words, rare words and everything between. Same options → identical output.
 */

export interface GeneratedMemory extends MemoryDraft {
  project: string;
  createdAt: number;
  updatedAt: number;
  reinforcedAt: number | null;
  pinned: boolean;
}

export interface GenerateMemoriesOptions {
  seed: number;
  count: number;
  /** Projects the memories are spread over (unevenly); default 8. */
  projects?: number;
  /** Epoch ms of the newest memory; default 2027-04-01T00:00:00Z. */
  end?: number;
  /** Days the memories are spread over; default 180. */
  spanDays?: number;
}

const DAY = 86_400_000;
const SESSION_SHARE = 0.7;
const PATTERN_SHARE = 0.05;

const LIBRARIES = [
  "prisma",
  "drizzle",
  "zod",
  "vitest",
  "playwright",
  "tailwind",
  "eslint",
  "webpack",
  "vite",
  "turbopack",
  "redis",
  "postgres",
  "sqlite",
  "kafka",
  "stripe",
  "nextauth",
  "trpc",
  "graphql",
  "docker",
  "terraform",
  "nginx",
  "pnpm",
  "jest",
  "storybook",
  "sentry",
  "opentelemetry",
  "bullmq",
  "pino",
  "axios",
  "swr",
];
const AREAS = [
  "checkout",
  "login",
  "billing",
  "search",
  "onboarding",
  "settings",
  "dashboard",
  "invoices",
  "uploads",
  "notifications",
  "permissions",
  "webhooks",
  "migrations",
  "caching",
  "routing",
  "forms",
  "exports",
  "reports",
  "sessions",
  "payments",
];
const ERRORS = [
  "ECONNREFUSED",
  "ENOENT",
  "TypeError",
  "hydration mismatch",
  "deadlock",
  "timeout",
  "race condition",
  "memory leak",
  "stale cache",
  "unhandled rejection",
  "CORS error",
  "OOM kill",
  "flaky snapshot",
  "off-by-one",
  "N+1 query",
];
const PRACTICES = [
  "read the file before editing it",
  "run the tests after every multi-file change",
  "keep the change to one module",
  "check the types with tsc before committing",
  "delegate the search to a sub-agent",
  "write the failing test first",
  "grep for every caller before renaming",
  "commit after each green test run",
];
const SYLLABLES = [
  "cart",
  "user",
  "token",
  "sync",
  "batch",
  "queue",
  "price",
  "tax",
  "slot",
  "feed",
  "lock",
  "draft",
  "audit",
  "quota",
  "shard",
  "ledger",
  "badge",
  "theme",
  "route",
  "hook",
];

/** 1-based rank drawn with probability ∝ 1/rank (Zipf, s = 1) over `n` items. */
function zipf(rng: Random, n: number): number {
  return Math.min(n, Math.floor(Math.exp(rng.next() * Math.log(n + 1))));
}

/** A code identifier (`useCartQuota`, `syncLedger3`): most are rare, a few recur often. */
function identifier(rng: Random): string {
  const rank = zipf(rng, 20_000);
  const a = SYLLABLES[rank % SYLLABLES.length]!;
  const b = SYLLABLES[Math.floor(rank / SYLLABLES.length) % SYLLABLES.length]!;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const stem = rank % 3 === 0 ? `use${cap(a)}${cap(b)}` : `${a}${cap(b)}`;
  return rank >= SYLLABLES.length ** 2 ? `${stem}${Math.floor(rank / SYLLABLES.length ** 2)}` : stem;
}

const zipfPick = <T>(rng: Random, items: readonly T[]): T => items[zipf(rng, items.length) - 1]!;

function lesson(rng: Random, category: MemoryCategory): { content: string; tags: string[] } {
  const area = zipfPick(rng, AREAS);
  const lib = zipfPick(rng, LIBRARIES);
  const fn = identifier(rng);
  switch (category) {
    case "error": {
      const error = zipfPick(rng, ERRORS);
      return {
        content: `${fn}() in the ${area} flow failed with ${error} under ${lib}; the fix was to ${zipfPick(rng, PRACTICES)}.`,
        tags: [area, lib, "bug"],
      };
    }
    case "decision":
      return {
        content: `Chose ${lib} over ${zipfPick(rng, LIBRARIES)} for ${area}: fewer moving parts, and ${fn} stays testable.`,
        tags: [area, lib, "adr"],
      };
    case "preference":
      return {
        content: `In ${area} work, ${zipfPick(rng, PRACTICES)}; prefer ${lib} helpers over hand-written ones such as ${fn}.`,
        tags: [area, "style"],
      };
    case "pattern":
      return {
        content: `Read before edit: sessions touching ${fn} in ${area} that ${zipfPick(rng, PRACTICES)} succeeded more often.`,
        tags: [area, "read-before-edit"],
      };
    case "insight":
      return {
        content: `${area} sessions that ${zipfPick(rng, PRACTICES)} needed fewer retries; ${lib} config changes in ${fn} were the usual cause of rework.`,
        tags: [area, lib],
      };
  }
}

function sessionDrafts(seed: number, count: number, slugs: readonly string[], rng: Random): MemoryDraft[] {
  const records = generateAcosTrajectories({ seed, count, spanDays: 180 });
  return records.flatMap((record, i) => {
    const parsed = parseAcosTrajectory(record, i + 1);
    if (!parsed.ok) return [];
    const t = parsed.session;
    const features = computeFeatures(t);
    const category = classifySession({
      score: t.success.score,
      filesModified: t.filesModified,
      domain: features.domain,
    });
    return [sessionMemory(rng.pick(slugs), t, features, category)];
  });
}

function patternDrafts(seed: number, count: number, slugs: readonly string[]): MemoryDraft[] {
  const perProject = Math.ceil(count / slugs.length);
  return slugs
    .flatMap((slug, p) =>
      generateAcosPatterns({ seed: seed + p, count: perProject }).flatMap((record, i) => {
        const parsed = parseAcosPattern(record, i + 1);
        return parsed.ok ? [patternMemory(slug, parsed.pattern, classifyPattern(parsed.pattern))] : [];
      }),
    )
    .slice(0, count);
}

const slugOf = (source: string) => source.split(":")[1]!;

export function generateMemories(opts: GenerateMemoriesOptions): GeneratedMemory[] {
  const rng = createRandom(opts.seed);
  const slugs = Array.from({ length: opts.projects ?? 8 }, (_, i) => `project-${i + 1}`);
  // Uneven projects: the first holds about a third of the memories, the last a few percent.
  const weightedSlugs = slugs.flatMap((slug, i) => Array.from({ length: slugs.length - i }, () => slug));
  const end = opts.end ?? Date.UTC(2027, 3, 1);
  const span = (opts.spanDays ?? 180) * DAY;

  const sessions = sessionDrafts(opts.seed, Math.round(opts.count * SESSION_SHARE), weightedSlugs, rng);
  const patterns = patternDrafts(opts.seed, Math.round(opts.count * PATTERN_SHARE), slugs);
  const drafts: MemoryDraft[] = [...sessions, ...patterns];
  while (drafts.length < opts.count) {
    const category = rng.weighted(
      MEMORY_CATEGORIES.map((c) => [c, c === "insight" ? 3 : c === "error" ? 2 : 1] as const),
    );
    const { content, tags } = lesson(rng, category);
    drafts.push({
      category,
      content,
      tags,
      confidence: Math.round((0.5 + rng.next() * 0.5) * 1000) / 1000,
      source: `manual:${rng.token(12)}`,
    });
  }

  for (let i = drafts.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [drafts[i], drafts[j]] = [drafts[j]!, drafts[i]!];
  }
  // Oldest first, so ids grow with creation time as they do in a real vault.
  const created = Array.from({ length: drafts.length }, () => end - Math.floor(rng.next() * span)).sort(
    (a, b) => a - b,
  );
  return drafts.map((draft, i) => {
    const createdAt = created[i]!;
    const reinforcedAt = rng.chance(0.3) ? createdAt + Math.floor(rng.next() * (end - createdAt)) : null;
    const project = draft.source.startsWith("manual:") ? rng.pick(weightedSlugs) : slugOf(draft.source);
    return {
      ...draft,
      project,
      createdAt,
      updatedAt: reinforcedAt ?? createdAt,
      reinforcedAt,
      pinned: rng.chance(0.01),
    };
  });
}
