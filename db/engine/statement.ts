import type { Db } from "./database";
import type { RunResult } from "./executor";

/** One SQL text for both engines, or one per engine where their SQL differs. */
export type StatementText = string | { sqlite: string; postgresql: string };

/**
 * A hand-written statement with `?` placeholders, for the hot paths and the SQL the query builder does not
 * express. The executor keeps it prepared (SQLite) or its placeholders numbered (PostgreSQL), by text.
 */
export interface Statement<Row> {
  all(db: Db, ...params: unknown[]): Promise<Row[]>;
  get(db: Db, ...params: unknown[]): Promise<Row | undefined>;
  run(db: Db, ...params: unknown[]): Promise<RunResult>;
}

export function statement<Row = Record<string, unknown>>(text: StatementText): Statement<Row> {
  const sqlOf = (db: Db) => (typeof text === "string" ? text : text[db.$executor.dialect]);
  return {
    all: (db, ...params) => db.$executor.query(sqlOf(db), params, "all", false) as Promise<Row[]>,
    get: (db, ...params) => db.$executor.query(sqlOf(db), params, "get", false) as Promise<Row | undefined>,
    run: (db, ...params) => db.$executor.query(sqlOf(db), params, "run", false) as Promise<RunResult>,
  };
}
