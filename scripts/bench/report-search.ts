/** The memory search tables of the benchmark report: each engine at each vault size, and by query class at the largest. */
import { TEXT_WINDOW } from "@/lib/memory/search-window";
import { ENGINE_NAMES, ENGINES, type Engine } from "./databases";
import { fmt, ms, ratio, table, type Section } from "./report-format";
import { SMALL_MATCHES, type BenchResults } from "./results";

const BARE_SEARCH =
  "SQLite: FTS5 MATCH of memories_fts, and of memories_words for a prefix word, through better-sqlite3; PostgreSQL: `search @@ to_tsquery`, and `words @@` for a prefix word, through `pg`";

export function search({ memories }: BenchResults): Section[] {
  const largest = memories.sqlite.at(-1);
  if (!largest) return [];
  const sizes = memories.sqlite.map((m) => m.size);
  const rows = sizes.flatMap((size) =>
    ENGINES.flatMap((engine) => memories[engine].filter((m) => m.size === size).map((m) => ({ engine, m }))),
  );
  const classes = (engine: Engine) => memories[engine].at(-1)?.byClass ?? {};
  return [
    [
      "Memory search (ms)",
      `${largest.all.runs} timed searches; "≤ ${fmt(SMALL_MATCHES)}": the queries matching at most that many memories, with every filter; ` +
        `stored: the vault's memories, 500 rows an INSERT. Baseline: the bare match of the query's words, LIMIT 20, unranked (${BARE_SEARCH}).`,
      table(
        [
          "memories",
          "engine",
          "stored (s)",
          "p50",
          "p95",
          "max",
          `queries ≤ ${fmt(SMALL_MATCHES)}`,
          `p95 ≤ ${fmt(SMALL_MATCHES)}`,
          "baseline p95",
          "p95 ÷ baseline",
          "commonest word: matches",
          "looked at",
          "ms",
        ],
        rows.map(({ engine, m }) => [
          fmt(m.size),
          ENGINE_NAMES[engine],
          fmt(m.storeMs / 1000, 1),
          ms(m.all.p50),
          ms(m.all.p95),
          ms(m.all.max),
          fmt(m.small.queries),
          ms(m.small.p95),
          ms(m.baseline.p95),
          ratio(m.all.p95 / m.baseline.p95),
          `"${m.commonest.word}": ${fmt(m.commonest.matches)}`,
          m.commonest.bounded ? `the ${fmt(TEXT_WINDOW)} newest` : "all",
          ms(m.commonest.ms),
        ]),
      ),
    ],
    [
      `Memory search by query class at ${fmt(largest.size)} memories (ms)`,
      "",
      table(
        [
          "queries",
          "runs",
          ...ENGINES.flatMap((engine) => ["p50", "p95", "max"].map((figure) => `${ENGINE_NAMES[engine]} ${figure}`)),
        ],
        Object.entries(largest.byClass).map(([kind, l]) => [
          kind,
          fmt(l.runs),
          ...ENGINES.flatMap((engine) => {
            const c = classes(engine)[kind as keyof typeof largest.byClass];
            return c ? [ms(c.p50), ms(c.p95), ms(c.max)] : ["–", "–", "–"];
          }),
        ]),
      ),
    ],
  ];
}
