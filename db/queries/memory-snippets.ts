import "server-only";
import { isPostgres, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";

/** The FTS5 scratch tables of SQLite's memory search (PostgreSQL's search needs none: db/pg/memory-search.ts). */

const SNIPPET_TOKENS = 40;

/**
 * A scratch table per full-text index of the vault, tokenizing as it does: `memory_snippets` as memories_fts
 * (stemmed), `memory_word_snippets` as memories_words (the words as written, for prefix matches).
 */
export type Scratch = "memory_snippets" | "memory_word_snippets";

function scratchStatements(table: Scratch, tokenize: string) {
  return {
    create: statement(
      `create virtual table if not exists temp.${table} using fts5(content, tags, tokenize = '${tokenize}')`,
    ),
    clear: statement(`delete from temp.${table}`),
    fill: statement(
      `insert into temp.${table} (rowid, content, tags) select id, content, tags from main.memories where id in (select value from json_each(?))`,
    ),
    snippets: statement<{ id: number; snippet: string }>(
      `select rowid as id, snippet(${table}, 0, ?, ?, '…', ?) as snippet from temp.${table} where ${table} match ? and rowid in (select value from json_each(?))`,
    ),
  };
}

const SCRATCH = {
  memory_snippets: scratchStatements("memory_snippets", "porter unicode61"),
  memory_word_snippets: scratchStatements("memory_word_snippets", "unicode61"),
};

/** The words of memories_words, one row per occurrence, in the order of the words (memory-window.ts `prefixTerms`). */
const createTerms = statement(
  "create virtual table if not exists temp.memory_word_terms using fts5vocab(main, memories_words, 'instance')",
);
/** A query's phrases stemmed as memories_fts stems them, read back in order (memory-window.ts `phrasePairs`). */
const createQueryStems = [
  statement(
    "create virtual table if not exists temp.memory_query_stems using fts5(content, tokenize = 'porter unicode61')",
  ),
  statement(
    "create virtual table if not exists temp.memory_query_stem_instances using fts5vocab(temp, memory_query_stems, 'instance')",
  ),
];

/** The executors (each over one SQLite connection) whose TEMP tables exist (TEMP tables belong to one connection). */
const ready = new WeakSet<Db["$executor"]>();

/** Creates the connection's TEMP tables of the search: the scratch tables, `memory_word_terms` and the query's stems. */
export async function createScratch(db: Db): Promise<void> {
  if (ready.has(db.$executor)) return;
  for (const table of Object.values(SCRATCH)) await table.create.run(db);
  for (const create of [createTerms, ...createQueryStems]) await create.run(db);
  ready.add(db.$executor);
}

/** The last search to take its turn with each executor's scratch tables. */
const turns = new WeakMap<Db["$executor"], Promise<unknown>>();

/**
 * Runs `work`, a search that fills the scratch tables and reads them back, after the searches before it on the same
 * connection: between its statements another request's search could otherwise refill them. On PostgreSQL a
 * search has no scratch table (db/pg/memory-search.ts) and runs at once.
 */
export function withScratch<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return work();
  const turn = (turns.get(db.$executor) ?? Promise.resolve()).then(work);
  turns.set(
    db.$executor,
    turn.catch(() => undefined),
  );
  return turn;
}

/**
 * Fills a scratch full-text table (TEMP, in memory, one per connection) with these memories. It tokenizes as its
 * vault index does, so it finds the same words, but a query runs over a page or a window of rows instead of
 * walking the vault's index again, where a phrase of common words is checked position by position and a prefix
 * merges the lists of every word it begins. Ranked in `memory_snippets`, bm25 weighs words by how often they occur
 * among these memories only.
 */
export async function fillScratch(db: Db, ids: number[], table: Scratch = "memory_snippets"): Promise<void> {
  await createScratch(db);
  await SCRATCH[table].clear.run(db);
  await SCRATCH[table].fill.run(db, JSON.stringify(ids));
}

/** Highlighted excerpts of these memories, cut from a scratch table by `fts` (`filled`: the table holds them already). */
export async function snippets(
  db: Db,
  fts: string,
  ids: number[],
  table: Scratch,
  filled = false,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (!filled) await fillScratch(db, ids, table);
  const rows = await SCRATCH[table].snippets.all(
    db,
    HIGHLIGHT_START,
    HIGHLIGHT_END,
    SNIPPET_TOKENS,
    fts,
    JSON.stringify(ids),
  );
  return new Map(rows.map((row) => [row.id, row.snippet]));
}
