/**
 * The memory search baseline, on each engine's bare driver: the match of a query's words with LIMIT 20 and no
 * ranking, and for a query with a prefix word its match in the index of words as written too (a plain newest-first
 * read for the queries without words). On SQLite the FTS5 matches through the better-sqlite3 connection under the
 * app's `Db` (no executor, no promise); on PostgreSQL the `search` and `words` columns' `@@ to_tsquery` (their GIN
 * indexes) through a `pg` client of its own.
 */
import pg from "pg";
import { sqliteOf, type Db } from "@/db/client";
import type { MemorySearch } from "@/lib/memory/contract";
import { toFtsQuery } from "@/lib/memory/fts-query";
import { toTsQuery } from "@/lib/memory/ts-query";
import type { Place } from "./databases";
import { elapsed, elapsedAsync } from "./measure";

export interface BareSearch {
  /** The milliseconds the bare search for `search` took, its query's translation included. */
  time(search: MemorySearch): number | Promise<number>;
  close(): Promise<void>;
}

const RECENT = "SELECT id FROM memories ORDER BY updated_at DESC LIMIT 20";

export async function bareSearch(place: Place, db: Db): Promise<BareSearch> {
  if (place.engine === "sqlite") {
    const match = sqliteOf(db).prepare("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT 20");
    const prefixMatch = sqliteOf(db).prepare("SELECT rowid FROM memories_words WHERE memories_words MATCH ? LIMIT 20");
    const recent = sqliteOf(db).prepare(RECENT);
    return {
      time: (search) =>
        elapsed(() => {
          const fts = search.q === undefined ? null : toFtsQuery(search.q);
          if (fts === null) return recent.all();
          return [match.all(fts.words), fts.prefixes === null ? [] : prefixMatch.all(fts.prefixes)];
        }),
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: place.url! });
  await client.connect();
  return {
    time: (search) =>
      elapsedAsync(async () => {
        const ts = search.q === undefined ? null : toTsQuery(search.q);
        if (ts === null) return client.query(RECENT);
        await client.query("SELECT id FROM memories WHERE search @@ to_tsquery('english', $1) LIMIT 20", [ts.words]);
        if (ts.prefixes !== null)
          await client.query("SELECT id FROM memories WHERE words @@ to_tsquery('simple', $1) LIMIT 20", [ts.prefixes]);
      }),
    close: () => client.end(),
  };
}
