import "server-only";
import type Database from "better-sqlite3";
import type { Db } from "@/db/client";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/lib/memory/contract";

const SNIPPET_TOKENS = 40;

/** The connections whose scratch table exists (TEMP tables belong to one connection). */
const ready = new WeakSet<Database.Database>();

function scratch(client: Database.Database): void {
  if (ready.has(client)) return;
  client.exec("create virtual table if not exists temp.memory_snippets using fts5(content, tags, tokenize = 'porter unicode61')");
  ready.add(client);
}

/**
 * Fills the scratch full-text table (TEMP, in memory, one per connection) with these memories. It tokenizes as
 * `memories_fts` does, so it finds the same words, but a query runs over a page or a window of rows instead of
 * walking the vault's index again, where a phrase of common words is checked position by position and a prefix
 * merges the lists of every word it covers. Ranked in it, bm25 weighs words by how often they occur among these
 * memories only.
 */
export function fillScratch(db: Db, ids: number[]): void {
  const client = db.$client;
  scratch(client);
  client.exec("delete from temp.memory_snippets");
  client.prepare("insert into temp.memory_snippets (rowid, content, tags) select id, content, tags from main.memories where id in (select value from json_each(?))").run(JSON.stringify(ids));
}

/** Highlighted excerpts of the page's memories, cut from the scratch table (`filled`: it holds them already). */
export function snippets(db: Db, fts: string, ids: number[], filled = false): Map<number, string> {
  if (ids.length === 0) return new Map();
  if (!filled) fillScratch(db, ids);
  const rows = db.$client
    .prepare<[string, string, number, string, string], { id: number; snippet: string }>(
      "select rowid as id, snippet(memory_snippets, 0, ?, ?, '…', ?) as snippet from temp.memory_snippets where memory_snippets match ? and rowid in (select value from json_each(?))",
    )
    .all(HIGHLIGHT_START, HIGHLIGHT_END, SNIPPET_TOKENS, fts, JSON.stringify(ids));
  return new Map(rows.map((row) => [row.id, row.snippet]));
}
