import "server-only";
import type { Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";

/** The FTS5 scratch table of SQLite's memory search (PostgreSQL's search needs none: db/pg/memory-search.ts). */

const SNIPPET_TOKENS = 40;

const createScratch = statement("create virtual table if not exists temp.memory_snippets using fts5(content, tags, tokenize = 'porter unicode61')");
const clearScratch = statement("delete from temp.memory_snippets");
const insertScratch = statement("insert into temp.memory_snippets (rowid, content, tags) select id, content, tags from main.memories where id in (select value from json_each(?))");
const scratchSnippets = statement<{ id: number; snippet: string }>(
  "select rowid as id, snippet(memory_snippets, 0, ?, ?, '…', ?) as snippet from temp.memory_snippets where memory_snippets match ? and rowid in (select value from json_each(?))",
);

/** The executors (each over one SQLite connection) whose scratch table exists (TEMP tables belong to one connection). */
const ready = new WeakSet<Db["$executor"]>();

async function scratch(db: Db): Promise<void> {
  if (ready.has(db.$executor)) return;
  await createScratch.run(db);
  ready.add(db.$executor);
}

/** The last search to take its turn with each executor's scratch table. */
const turns = new WeakMap<Db["$executor"], Promise<unknown>>();

/**
 * Runs `work`, a search that fills the scratch table and reads it back, after the searches before it on the same
 * connection: between its statements another request's search could otherwise refill the table. On PostgreSQL a
 * search has no scratch table (db/pg/memory-search.ts) and runs at once.
 */
export function withScratch<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.$executor.dialect === "postgresql") return work();
  const turn = (turns.get(db.$executor) ?? Promise.resolve()).then(work);
  turns.set(db.$executor, turn.catch(() => undefined));
  return turn;
}

/**
 * Fills the scratch full-text table (TEMP, in memory, one per connection) with these memories. It tokenizes as
 * `memories_fts` does, so it finds the same words, but a query runs over a page or a window of rows instead of
 * walking the vault's index again, where a phrase of common words is checked position by position and a prefix
 * merges the lists of every word it covers. Ranked in it, bm25 weighs words by how often they occur among these
 * memories only.
 */
export async function fillScratch(db: Db, ids: number[]): Promise<void> {
  await scratch(db);
  await clearScratch.run(db);
  await insertScratch.run(db, JSON.stringify(ids));
}

/** Highlighted excerpts of the page's memories, cut from the scratch table (`filled`: it holds them already). */
export async function snippets(db: Db, fts: string, ids: number[], filled = false): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (!filled) await fillScratch(db, ids);
  const rows = await scratchSnippets.all(db, HIGHLIGHT_START, HIGHLIGHT_END, SNIPPET_TOKENS, fts, JSON.stringify(ids));
  return new Map(rows.map((row) => [row.id, row.snippet]));
}
