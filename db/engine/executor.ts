/**
 * What runs the SQL that Drizzle's SQLite builder renders: better-sqlite3 for the embedded default, a
 * PostgreSQL pool for a team's server. The queries are written once, in the SQL both engines accept.
 */
export type Method = "run" | "all" | "get" | "values";

/** A write's effect, as both engines report it. */
export interface RunResult {
  changes: number;
}

export interface Executor {
  readonly dialect: "sqlite" | "postgresql";
  /**
   * Runs one statement with `?` placeholders. `arrayMode` rows are arrays of column values in select order (what
   * Drizzle maps to its selected fields); otherwise objects keyed by column name. `get` answers one row or
   * undefined, `run` a RunResult. `prepared`: run often with the same plan whatever its parameters (the ingest's
   * inserts and lookups by key), so PostgreSQL keeps it parsed and planned on each connection; SQLite keeps
   * every statement prepared.
   */
  query(sql: string, params: unknown[], method: Method, arrayMode: boolean, prepared?: boolean): Promise<unknown>;
  /**
   * Runs `work` in one transaction: every statement issued from its async context (whichever `Db` it goes
   * through) is part of it, statements from other contexts wait or run outside it, and a nested call is a
   * savepoint. Commits when `work` resolves, rolls back when it throws.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
