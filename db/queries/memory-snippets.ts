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
 * Highlighted excerpts of the page's memories, cut from a scratch full-text table (TEMP, in memory, one per
 * connection) that holds just those memories. It tokenizes as `memories_fts` does, so it finds the same words,
 * but the query runs over a page of rows instead of walking the vault's index again, where a phrase of common
 * words is checked position by position and a prefix merges the lists of every word it covers.
 */
export function snippets(db: Db, fts: string, ids: number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const client = db.$client;
  scratch(client);
  client.exec("delete from temp.memory_snippets");
  client.prepare("insert into temp.memory_snippets (rowid, content, tags) select id, content, tags from main.memories where id in (select value from json_each(?))").run(JSON.stringify(ids));
  const rows = client
    .prepare<[string, string, number, string], { id: number; snippet: string }>(
      "select rowid as id, snippet(memory_snippets, 0, ?, ?, '…', ?) as snippet from temp.memory_snippets where memory_snippets match ?",
    )
    .all(HIGHLIGHT_START, HIGHLIGHT_END, SNIPPET_TOKENS, fts);
  return new Map(rows.map((row) => [row.id, row.snippet]));
}
