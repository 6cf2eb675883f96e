import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import pg from "pg";
import type { Executor } from "./executor";
import { numberedPlaceholders } from "./placeholders";
import { storableValue } from "./storable-text";

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Counts, ids and epoch-millisecond times are bigint columns; JavaScript numbers hold them exactly (below 2^53),
 * and they are what the SQLite side answers. Averages and sums come back numeric: numbers too.
 */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** The pool's settings for a server URL: numbers as SQLite answers them, and a bound on a statement's run. */
export function poolConfig(url: string): pg.PoolConfig {
  return { connectionString: url, types, max: 10, statement_timeout: 60_000 };
}

/**
 * A PostgreSQL pool behind the executor interface. Placeholders are numbered once per SQL text; text parameters
 * are bound as PostgreSQL can store them (storable-text.ts: a NUL or lone surrogate as U+FFFD). A transaction
 * takes one client from the pool for its whole async context, so every statement issued inside it, through
 * whichever `Db`, runs on that client.
 */
export interface PostgresExecutor extends Executor {
  readonly dialect: "postgresql";
  readonly pool: pg.Pool;
}

export function postgresExecutor(pool: pg.Pool): PostgresExecutor {
  // An idle pooled connection can be ended at any time (the server restarts, an administrator or a dropped database
  // ends it): the pool discards it and the next query opens another. Without a listener its error would end the process.
  pool.on("error", (error) => console.error(`[starlight] an idle PostgreSQL connection ended: ${error.message}`));
  const numbered = new Map<string, { text: string; name: string }>();
  const context = new AsyncLocalStorage<{ client: pg.PoolClient; depth: number }>();

  /** The SQL with numbered placeholders, and the name it is prepared under: one per text, on every connection. */
  function converted(sql: string): { text: string; name: string } {
    let found = numbered.get(sql);
    if (found === undefined) {
      if (numbered.size >= 1000) numbered.clear();
      const text = numberedPlaceholders(sql);
      found = { text, name: `starlight_${createHash("sha256").update(text).digest("hex").slice(0, 32)}` };
      numbered.set(sql, found);
    }
    return found;
  }

  return {
    dialect: "postgresql",
    pool,
    async query(sql, params, method, arrayMode, prepared = false) {
      const open = context.getStore();
      const { text, name } = converted(sql);
      const config: pg.QueryConfig = {
        text,
        values: params.map(storableValue),
        ...(prepared ? { name } : {}),
        ...(arrayMode ? { rowMode: "array" } : {}),
      };
      const result: pg.QueryResult = open ? await open.client.query(config) : await pool.query(config);
      if (method === "run") return { changes: result.rowCount ?? 0 };
      return method === "get" ? result.rows[0] : result.rows;
    },
    async transaction(work) {
      const open = context.getStore();
      if (open) {
        const name = `sp${++open.depth}`;
        await open.client.query(`SAVEPOINT ${name}`);
        try {
          const result = await work();
          await open.client.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await open.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
          throw error;
        } finally {
          open.depth -= 1;
        }
      }
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query("BEGIN");
        const result = await context.run({ client, depth: 0 }, work);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollback: unknown) => (broken = rollback));
        throw error;
      } finally {
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
