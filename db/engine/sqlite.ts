import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";
import type { Executor, Method } from "./executor";

/** Statements kept prepared, by SQL text: the app runs a few hundred distinct ones. */
const STATEMENT_CACHE = 1000;

/**
 * better-sqlite3 behind the executor interface. Statements run synchronously, as before, and answer settled
 * promises. A transaction holds the one connection: while it is open, statements from other async contexts wait
 * until it ends rather than joining it, which is what better-sqlite3's synchronous transactions gave for free.
 */
export interface SqliteExecutor extends Executor {
  readonly dialect: "sqlite";
  /** The connection itself, for what only SQLite has: its online backup, integrity checks, PRAGMAs. */
  readonly sqlite: Database.Database;
}

export function sqliteExecutor(sqlite: Database.Database): SqliteExecutor {
  const statements = new Map<string, Database.Statement>();
  const context = new AsyncLocalStorage<symbol>();
  let owner: symbol | null = null;
  let depth = 0;
  let ended: Promise<void> = Promise.resolve();
  let end = () => {};

  function prepared(sql: string): Database.Statement {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE) statements.clear();
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  function execute(sql: string, params: unknown[], method: Method, arrayMode: boolean): unknown {
    const statement = prepared(sql);
    if (method === "run" || !statement.reader) {
      const { changes } = statement.run(...params);
      return { changes };
    }
    statement.raw(arrayMode);
    // A write with RETURNING is stepped to its end even for one row: outside a transaction it commits when it ends,
    // and the commit can still fail (FTS5 writes its pending index entries then, so a full disk shows up there).
    // get() steps once and resets, and better-sqlite3 drops the reset's error: the row's id would be answered for
    // a row that was rolled back.
    if (method === "get") return statement.readonly ? statement.get(...params) : statement.all(...params)[0];
    return statement.all(...params);
  }

  const mine = () => owner === null || context.getStore() === owner;

  /**
   * Runs `run` once no other context's transaction is open. The check and the run happen in one synchronous step
   * after the last wait: were they apart, a transaction begun in between would take in this statement.
   */
  async function inTurn<T>(run: () => T): Promise<T> {
    while (!mine()) await ended;
    return run();
  }

  return {
    dialect: "sqlite",
    sqlite,
    query(sql, params, method, arrayMode) {
      if (!mine()) return inTurn(() => execute(sql, params, method, arrayMode));
      try {
        return Promise.resolve(execute(sql, params, method, arrayMode));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async transaction(work) {
      if (owner !== null && context.getStore() === owner) {
        const name = `sp${++depth}`;
        sqlite.exec(`SAVEPOINT ${name}`);
        try {
          const result = await work();
          sqlite.exec(`RELEASE ${name}`);
          return result;
        } catch (error) {
          sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
          throw error;
        } finally {
          depth -= 1;
        }
      }
      const token = Symbol("transaction");
      await inTurn(() => {
        owner = token;
        ended = new Promise((resolve) => (end = resolve));
      });
      try {
        sqlite.exec("BEGIN IMMEDIATE");
        const result = await context.run(token, work);
        sqlite.exec("COMMIT");
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
        throw error;
      } finally {
        owner = null;
        end();
      }
    },
    async close() {
      sqlite.close();
    },
  };
}
