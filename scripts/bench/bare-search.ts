/**
 * The memory search baseline, on each engine's bare driver: the match of a query's words with LIMIT 20 and no
 * ranking (a plain newest-first read for the queries without words). On SQLite the FTS5 match through the
 * better-sqlite3 connection under the app's `Db` (no executor, no promise); on PostgreSQL the `search` column's
 * `@@ to_tsquery` (its GIN index) through a `pg` client of its own.
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
    const recent = sqliteOf(db).prepare(RECENT);
    return {
      time: (search) =>
        elapsed(() => {
          const fts = search.q === undefined ? null : toFtsQuery(search.q);
          return fts === null ? recent.all() : match.all(fts);
        }),
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: place.url! });
  await client.connect();
  return {
    time: (search) =>
      elapsedAsync(() => {
        const ts = search.q === undefined ? null : toTsQuery(search.q);
        return ts === null ? client.query(RECENT) : client.query("SELECT id FROM memories WHERE search @@ to_tsquery('english', $1) LIMIT 20", [ts]);
      }),
    close: () => client.end(),
  };
}
